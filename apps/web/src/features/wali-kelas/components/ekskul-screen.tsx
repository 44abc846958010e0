import { Badge, Card, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n';
import { EKSKUL_WALI_KEY, getEkskulWali } from '../api/catatan-api';
import { KelasHeader, KelasLoad, useKelasQuery } from './kelas-header';

/**
 * Nilai Ekstrakurikuler (issue #11 item 4; decision 028), read-only: Nama Peserta Didik | Nama
 * Eskul | Pembina | Predikat | Deskripsi for the class's pupils; a member the pembina has not
 * graded yet is flagged "Belum dinilai".
 */
export function EkskulWaliScreen() {
  const { t } = useTranslation();
  const { query, data, kelasGone, header } = useKelasQuery(EKSKUL_WALI_KEY, getEkskulWali);
  let no = 0;
  let previous = '';
  return (
    <Stack gap="md">
      <KelasHeader {...header} hint={t('wali-kelas.ekskul.hint')} testId="ekskul-kelas" />
      <KelasLoad query={query} kelasGone={kelasGone} title={t('wali-kelas.catatan.loadFailed')} />
      {data ? (
        <Card withBorder radius="md" padding="lg">
          {data.data.length === 0 ? (
            <Text c="dimmed">{t('wali-kelas.catatan.empty')}</Text>
          ) : (
            <Table.ScrollContainer minWidth={820}>
              <Table verticalSpacing="xs" striped data-testid="ekskul-table" aria-label={data.rombel.nama}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th w={48}>{t('wali-kelas.catatan.no')}</Table.Th>
                    <Table.Th>{t('wali-kelas.ekskul.nama')}</Table.Th>
                    <Table.Th>{t('wali-kelas.ekskul.ekskul')}</Table.Th>
                    <Table.Th>{t('wali-kelas.ekskul.pembina')}</Table.Th>
                    <Table.Th>{t('wali-kelas.ekskul.predikat')}</Table.Th>
                    <Table.Th>{t('wali-kelas.ekskul.deskripsi')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.data.map((r) => {
                    // A pupil in several ekskul: numbered and named on their first row only.
                    const first = r.anggota_rombel_id !== previous;
                    previous = r.anggota_rombel_id;
                    if (first) no += 1;
                    return (
                      <Table.Tr
                        key={`${r.anggota_rombel_id}:${r.nama_ekskul ?? ''}`}
                        data-testid="ekskul-row"
                      >
                        <Table.Td>{first ? no : ''}</Table.Td>
                        <Table.Td>{first ? r.nama : ''}</Table.Td>
                        {r.nama_ekskul === null ? (
                          <Table.Td colSpan={4}>
                            <Text size="sm" c="dimmed">
                              {t('wali-kelas.ekskul.tanpa')}
                            </Text>
                          </Table.Td>
                        ) : (
                          <>
                            <Table.Td>{r.nama_ekskul}</Table.Td>
                            <Table.Td>{r.pembina ?? '-'}</Table.Td>
                            <Table.Td>
                              {r.dinilai ? (
                                r.predikat
                              ) : (
                                <Badge color="orange" variant="light" data-testid="ekskul-belum">
                                  {t('wali-kelas.ekskul.belum')}
                                </Badge>
                              )}
                            </Table.Td>
                            <Table.Td>{r.deskripsi ?? '-'}</Table.Td>
                          </>
                        )}
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Card>
      ) : null}
    </Stack>
  );
}
