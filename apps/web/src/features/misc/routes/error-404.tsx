import { Button, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useTranslation } from '../../../lib/i18n';
import { useRouteDef } from '../../../lib/route-meta';

/** Laman tidak ditemukan: every unknown path lands here. */
export default function NotFoundPage() {
  const { t } = useTranslation();
  const def = useRouteDef();
  return (
    <div className="er-centered" data-testid="error-404">
      <div className="er-centered__code" aria-hidden="true">
        404
      </div>
      <Title order={2}>{def?.title ?? 'Laman tidak ditemukan'}</Title>
      <Text maw={480}>{t('misc.notFound')}</Text>
      <Button component={Link} to="/">
        {t('common.backHome')}
      </Button>
    </div>
  );
}
