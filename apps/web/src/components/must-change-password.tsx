import { faTriangleExclamation } from '@fortawesome/free-solid-svg-icons';
import { Alert, Anchor } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useTranslation } from '../lib/i18n';
import { useSession } from '../lib/session';
import { Icon } from './icon';

/** Asks users with a generated or reset password to choose their own. */
export function MustChangePasswordBanner({ withLink = true }: { withLink?: boolean }) {
  const { t } = useTranslation();
  const { userData } = useSession();
  if (!userData?.must_change_password) return null;
  return (
    <Alert
      color="warning"
      variant="light"
      mb="md"
      icon={<Icon icon={faTriangleExclamation} />}
      title={t('profile.mustChange.title')}
      data-testid="must-change-password"
    >
      {t('profile.mustChange.text')}{' '}
      {withLink ? (
        <Anchor component={Link} to="/profile" hash="password">
          {t('profile.mustChange.link')}
        </Anchor>
      ) : null}
    </Alert>
  );
}
