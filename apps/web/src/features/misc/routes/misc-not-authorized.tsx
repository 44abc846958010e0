import { faLock } from '@fortawesome/free-solid-svg-icons';
import { Button, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { Icon } from '../../../components/icon';
import { useTranslation } from '../../../lib/i18n';
import { useRouteDef } from '../../../lib/route-meta';
import { isLoggedIn, useSession } from '../../../lib/session';

/** Akses Terbatas: a logged-in user opened a page their roles do not allow. */
export default function NotAuthorizedPage() {
  const { t } = useTranslation();
  const def = useRouteDef();
  const loggedIn = isLoggedIn(useSession());
  return (
    <div className="er-centered" data-testid="not-authorized">
      <Icon icon={faLock} size={56} className="er-centered__icon" />
      <Title order={2}>{`${def?.title ?? 'Akses Terbatas'}!`}</Title>
      <Text maw={520}>{t('misc.notAuthorized')}</Text>
      <Button component={Link} to={loggedIn ? '/' : '/login'}>
        {loggedIn ? t('common.backHome') : t('misc.toLogin')}
      </Button>
    </div>
  );
}
