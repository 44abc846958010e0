import { Group, Loader, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ErrorAlert } from '../../../components/error-alert';
import { useTranslation } from '../../../lib/i18n';
import { checkUpdateNow, getUpdateCheck, UPDATE_CHECK_KEY } from '../api/update-api';
import { UpdateCheckView } from '../components/update-check-view';

/** Cek Pembaharuan (/check-update): reference-screens §14, decision 035. */
export default function Screen() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const query = useQuery({ queryKey: UPDATE_CHECK_KEY, queryFn: getUpdateCheck });
  const recheck = useMutation({
    mutationFn: checkUpdateNow,
    onSuccess: (data) => qc.setQueryData(UPDATE_CHECK_KEY, data),
  });
  if (query.isPending) {
    return (
      <Group gap="sm">
        <Loader size="sm" />
        <Text>{t('sekolah.update.checking')}</Text>
      </Group>
    );
  }
  if (query.isError) return <ErrorAlert title={t('sekolah.update.loadFailed')} error={query.error} />;
  return (
    <>
      {recheck.isError ? (
        <ErrorAlert title={t('sekolah.update.loadFailed')} error={recheck.error} mb="md" />
      ) : null}
      <UpdateCheckView data={query.data} onRecheck={() => recheck.mutate()} rechecking={recheck.isPending} />
    </>
  );
}
