import type { RencanaDetail } from '@erapor/contract/ukk/rencana';
import { Badge, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { tanggal as formatTanggal } from '../../lib/format';
import { useTranslation } from '../../lib/i18n';
import { getRencana, UKK_KEY } from '../../lib/ukk-rencana-api';
import { DetailField, DetailModal } from '../detail-modal';
import { SCROLL_X_AREA } from '../scroll-x';
import { CetakSemuaSertifikat } from './cetak-semua-sertifikat';
import { CetakSertifikatButton } from './cetak-sertifikat-button';

type DetailPeserta = RencanaDetail['peserta'][number] & { diharapkan?: boolean };

/**
 * "Detil Rencana Penilaian UKK": the plan and its pupils with Nilai and Kesimpulan. The Waka's
 * Monitoring opens the same modal with its own `load` (issue #14 item 6): there each pupil carries
 * `diharapkan`, so a counted pupil without a score is marked "Belum dinilai" and one who left is
 * dimmed.
 */
export function RencanaDetailModal({
  id,
  onClose,
  load = getRencana,
  queryKey = UKK_KEY,
}: {
  id: string | null;
  onClose: () => void;
  load?: (id: string) => Promise<Omit<RencanaDetail, 'peserta'> & { peserta: DetailPeserta[] }>;
  queryKey?: readonly unknown[];
}) {
  const { t } = useTranslation();
  const q = useQuery({
    queryKey: [...queryKey, 'rencana', id],
    queryFn: () => load(id ?? ''),
    enabled: id !== null,
  });
  return (
    <DetailModal
      opened={id !== null}
      onClose={onClose}
      title={t('ukk.rencana.detailTitle')}
      query={q}
      testId="rencana-detail"
    >
      {(d) => (
        <>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <DetailField label={t('ukk.rencana.paket')} value={`${d.nomor_paket} - ${d.nama_paket_id}`} />
            <DetailField label={t('ukk.rencana.kelas')} value={d.kelas} />
            <DetailField label={t('ukk.rencana.internal')} value={d.nama_internal} />
            <DetailField
              label={t('ukk.rencana.eksternal')}
              value={d.nama_dudi ? `${d.nama_eksternal} (${d.nama_dudi})` : d.nama_eksternal}
            />
            <DetailField label={t('ukk.rencana.tanggal')} value={formatTanggal(d.tanggal_sertifikat)} />
            <DetailField label={t('ukk.rencana.pola')} value={t(`ukk.rencana.pola_${d.pola_ukk}`)} />
          </SimpleGrid>
          <Table.ScrollContainer minWidth={480} scrollAreaProps={SCROLL_X_AREA}>
            <Table striped withTableBorder data-testid="rencana-peserta">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>No.</Table.Th>
                  <Table.Th>{t('ukk.rencana.nama')}</Table.Th>
                  <Table.Th>NISN</Table.Th>
                  <Table.Th>{t('ukk.rencana.nilai')}</Table.Th>
                  <Table.Th>{t('ukk.rencana.kesimpulan')}</Table.Th>
                  <Table.Th>#</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {d.peserta.map((p: DetailPeserta, i) => (
                  <Table.Tr
                    key={p.anggota_rombel_id}
                    data-ungraded={p.diharapkan && p.nilai === null ? 'true' : undefined}
                    style={p.diharapkan === false ? { opacity: 0.5 } : undefined}
                  >
                    <Table.Td>{i + 1}</Table.Td>
                    <Table.Td>{p.nama}</Table.Td>
                    <Table.Td>{p.nisn ?? '-'}</Table.Td>
                    <Table.Td>
                      {p.diharapkan && p.nilai === null ? (
                        <Badge color="red" variant="light" size="sm" data-testid="detail-belum">
                          {t('ukk.rencana.belumDinilai')}
                        </Badge>
                      ) : (
                        (p.nilai ?? '-')
                      )}
                    </Table.Td>
                    <Table.Td>{p.kesimpulan}</Table.Td>
                    <Table.Td>
                      {p.nilai !== null && d.pola_ukk !== 'lsp' ? (
                        <CetakSertifikatButton
                          anggotaRombelId={p.anggota_rombel_id}
                          rencanaUkkId={d.rencana_ukk_id}
                          nama={p.nama}
                        />
                      ) : null}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {d.pola_ukk !== 'lsp' && d.peserta.some((p) => p.nilai !== null) ? (
            <Stack gap={4}>
              <Text fw={600} size="sm">
                {t('ukk.semua.title')}
              </Text>
              <CetakSemuaSertifikat rencanaUkkId={d.rencana_ukk_id} />
            </Stack>
          ) : null}
        </>
      )}
    </DetailModal>
  );
}
