import { Loader } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { ErrorAlert } from '../../../components/error-alert';
import { useTranslation } from '../../../lib/i18n';
import { CHANGELOG_KEY, getChangelog } from '../api/update-api';
import { ChangelogView } from '../components/changelog-view';

/** Daftar Perubahan (/changelog): reference-screens §14, decision 035. */
export default function Screen() {
  const { t } = useTranslation();
  const query = useQuery({ queryKey: CHANGELOG_KEY, queryFn: getChangelog });
  if (query.isPending) return <Loader />;
  if (query.isError) return <ErrorAlert title={t('sekolah.changelog.loadFailed')} error={query.error} />;
  return <ChangelogView data={query.data} />;
}
