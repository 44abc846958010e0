import type { PklPeserta } from '@erapor/contract/pkl/wali';
import { Alert, Button, Card, List, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { SCROLL_X_AREA } from '../../../components/scroll-x';
import { openPdf } from '../../../lib/download';
import { tanggal } from '../../../lib/format';
import { httpErrorText } from '../../../lib/http-errors';
import { useTranslation } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { getPklWali, PKL_WALI_KEY } from '../api/catatan-api';
import { KelasHeader, KelasLoad, useKelasQuery } from './kelas-header';

/**
 * Praktik Kerja Lapangan (issue #11 item 6, issue #12 item 6), read-only: per pupil each placement
 * (DUDI, PKS, dates, Instruktur, Pembimbing, TP | Nilai | Deskripsi, catatan, S/I/A) and the PKL
 * nilai akhir. A class without a PKL plan says "Data PKL belum tersedia". Each placement's
 * "Cetak Rapor PKL" opens the pupil's PKL report of it in a new tab (the class's wali may print it:
 * `GET /api/cetak/rapor-pkl/:pkl_id/:peserta_didik_id`).
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
            {data.data === null ? (
              <Alert color="blue" data-testid="pkl-empty">
                {t('wali-kelas.pkl.empty')}
              </Alert>
            ) : (
              <PklTable rows={data.data} />
            )}
          </Stack>
        </Card>
      ) : null}
    </Stack>
  );
}

/**
 * One row per pupil and placement; a pupil without a placement keeps one row of "-". The PKL
 * report is fetched with the token and shown from a blob in a tab opened at the click (`openPdf`,
 * as the report cards); a refusal shows the server's Indonesian message.
 */
export function PklTable({ rows }: { rows: PklPeserta[] }) {
  const { t } = useTranslation();
  const c = (k: string) => t(`wali-kelas.pkl.columns.${k}`);
  const cetak = useMutation({
    mutationFn: (v: { pklId: string; pd: string }) => openPdf(`/cetak/rapor-pkl/${v.pklId}/${v.pd}`),
    onError: (e) => toast.error(t('wali-kelas.pkl.cetakFailed'), httpErrorText(e, t), 'long'),
  });
  return (
    // A class without placements holds no focusable control: the scroller takes the focus for
    // keyboard scrolling (axe).
    <ScrollArea {...SCROLL_X_AREA} viewportProps={{ ...SCROLL_X_AREA.viewportProps, tabIndex: 0 }}>
      <Table withTableBorder withColumnBorders striped miw={1400} data-testid="pkl-table">
        <Table.Thead>
          <Table.Tr>
            {[
              'no',
              'nama',
              'nisn',
              'dudi',
              'tanggal',
              'instruktur',
              'pembimbing',
              'nilai',
              'catatan',
              'sakit',
              'izin',
              'alpa',
              'nilaiAkhir',
            ].map((k) => (
              <Table.Th key={k}>{c(k)}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.flatMap((p, i) => {
            const placements = p.penempatan.length > 0 ? p.penempatan : [null];
            return placements.map((pl, j) => (
              <Table.Tr key={`${p.anggota_rombel_id}-${pl?.pkl_id ?? 'none'}`} data-testid="pkl-row">
                {j === 0 ? (
                  <>
                    <Table.Td rowSpan={placements.length}>{i + 1}</Table.Td>
                    <Table.Td rowSpan={placements.length}>{p.nama}</Table.Td>
                    <Table.Td rowSpan={placements.length}>{p.nisn ?? '-'}</Table.Td>
                  </>
                ) : null}
                <Table.Td>
                  {pl ? (
                    <>
                      <Text size="sm" fw={500}>
                        {pl.nama_dudi}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {pl.judul_akt_pd}
                      </Text>
                      <Button
                        mt={6}
                        size="compact-sm"
                        variant="light"
                        disabled={cetak.isPending}
                        onClick={() => cetak.mutate({ pklId: pl.pkl_id, pd: p.peserta_didik_id })}
                        aria-label={`${t('wali-kelas.pkl.cetak')} ${p.nama} ${pl.nama_dudi}`}
                        data-testid="pkl-cetak-rapor"
                      >
                        {t('wali-kelas.pkl.cetak')}
                      </Button>
                    </>
                  ) : (
                    '-'
                  )}
                </Table.Td>
                <Table.Td>
                  {pl ? `${tanggal(pl.tanggal_mulai)} – ${tanggal(pl.tanggal_selesai)}` : '-'}
                </Table.Td>
                <Table.Td>{pl?.instruktur ?? '-'}</Table.Td>
                <Table.Td>{pl?.pembimbing ?? '-'}</Table.Td>
                <Table.Td miw={320}>
                  {pl && pl.nilai.length > 0 ? (
                    <List size="sm" spacing={2}>
                      {pl.nilai.map((n) => (
                        <List.Item key={n.tp_id}>
                          {n.tp}: <b>{n.nilai ?? '-'}</b>
                          {n.deskripsi ? ` — ${n.deskripsi}` : ''}
                        </List.Item>
                      ))}
                    </List>
                  ) : (
                    '-'
                  )}
                </Table.Td>
                <Table.Td>{pl?.catatan ?? '-'}</Table.Td>
                <Table.Td>{pl ? pl.sakit : '-'}</Table.Td>
                <Table.Td>{pl ? pl.izin : '-'}</Table.Td>
                <Table.Td>{pl ? pl.alpa : '-'}</Table.Td>
                {j === 0 ? (
                  <Table.Td rowSpan={placements.length} data-testid="pkl-nilai-akhir">
                    {p.nilai_akhir ? p.nilai_akhir.nilai : t('wali-kelas.pkl.belumDinilai')}
                  </Table.Td>
                ) : null}
              </Table.Tr>
            ));
          })}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}
