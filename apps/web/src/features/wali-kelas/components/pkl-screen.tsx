import { Alert, Card, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n';
import { getPklWali, PKL_WALI_KEY } from '../api/catatan-api';
import { KelasHeader, KelasLoad, useKelasQuery } from './kelas-header';

/**
 * Praktik Kerja Lapangan (issue #11 item 6; decision 028), read-only: the class's PKL records. The
 * PKL work builds that data and its read API; until then the screen says no PKL data exists yet.
 */
export function PklWaliScreen() {
  const { t } = useTranslation();
  const { query, data, kelasGone, header } = useKelasQuery(PKL_WALI_KEY, getPklWali);
  return (
    <Stack gap="md">
      <KelasHeader {...header} hint={t('wali-kelas.pkl.hint')} testId="pkl-kelas" />
      <KelasLoad query={query} kelasGone={kelasGone} title={t('wali-kelas.catatan.loadFailed')} />
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
