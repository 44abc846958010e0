import { Alert, Card, Loader, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { ErrorAlert } from '../../../components/error-alert';
import { useKnownChoice } from '../../../components/known-choice';
import { toHttpError } from '../../../lib/http-errors';
import { useTranslation } from '../../../lib/i18n';
import { useView } from '../../../lib/view-search';
import { getPklWali, PKL_WALI_KEY } from '../api/catatan-api';
import { KelasHeader } from './kelas-header';

/**
 * Praktik Kerja Lapangan (issue #11 item 6; decision 028), read-only: the class's PKL records. The
 * PKL work builds that data and its read API; until then the screen says no PKL data exists yet.
 */
export function PklWaliScreen() {
  const { t } = useTranslation();
  const [view, setView] = useView();
  const query = useQuery({
    queryKey: [...PKL_WALI_KEY, view.kelas ?? null],
    queryFn: () => getPklWali(view.kelas ?? null),
  });
  const data = query.data;
  const kelasGone =
    query.isError && [403, 404].includes(toHttpError(query.error).status ?? 0) && !!view.kelas;
  useKnownChoice('kelas', view.kelas, kelasGone ? [] : data?.kelas.map((k) => k.value), setView);
  return (
    <Stack gap="md">
      <KelasHeader
        kelas={data?.kelas ?? []}
        value={data?.rombel.rombongan_belajar_id ?? null}
        onChange={(v) => setView({ kelas: v })}
        hint={t('wali-kelas.pkl.hint')}
        testId="pkl-kelas"
      />
      {query.isError && !kelasGone ? (
        <ErrorAlert title={t('wali-kelas.catatan.loadFailed')} error={query.error} />
      ) : null}
      {query.isPending ? <Loader /> : null}
      {data ? (
        <Card withBorder radius="md" padding="lg">
          <Stack gap="xs">
            <Text fw={600}>{t('wali-kelas.pkl.title', { kelas: data.rombel.nama })}</Text>
            <Alert color="blue" data-testid="pkl-empty">
              {t('wali-kelas.pkl.empty')}
            </Alert>
          </Stack>
        </Card>
      ) : null}
    </Stack>
  );
}
