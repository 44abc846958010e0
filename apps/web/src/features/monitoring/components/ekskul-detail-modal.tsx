import { Alert, Badge, Loader, Modal, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { httpErrorMessage } from '../../../lib/http-errors';
import { useTranslation } from '../../../lib/i18n';
import { getDetailEkskul, MONITORING_EKSKUL_KEY } from '../api/monitoring-api';

/**
 * Detil of an ekskul (reference-screens §12): NO | Nama | NISN | Kelas | Predikat | Deskripsi of
 * its live members; a member without a grade is marked "Belum dinilai".
 */
export function EkskulDetailModal({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const detail = useQuery({
    queryKey: [...MONITORING_EKSKUL_KEY, 'detail', id],
    queryFn: () => getDetailEkskul(id ?? ''),
    enabled: id !== null,
  });
  const d = detail.data;
  return (
    <Modal
      opened={id !== null}
      onClose={onClose}
      size="xl"
      title={d ? t('monitoring.ekskul.detailTitle', { nama: d.ekskul.nama }) : t('monitoring.detil')}
    >
      {detail.isPending ? <Loader size="sm" /> : null}
      {detail.isError ? <Alert color="red">{httpErrorMessage(detail.error, t)}</Alert> : null}
      {d ? (
        <>
          <Text size="sm" mb="xs">
            {t('monitoring.ekskul.columns.pembina')}: {d.ekskul.guru ?? '-'}
          </Text>
          <Table withTableBorder striped data-testid="ekskul-detail">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('monitoring.detail.no')}</Table.Th>
                <Table.Th>{t('monitoring.detail.nama')}</Table.Th>
                <Table.Th>NISN</Table.Th>
                <Table.Th>{t('monitoring.detail.kelas')}</Table.Th>
                <Table.Th>{t('monitoring.detail.predikat')}</Table.Th>
                <Table.Th>{t('monitoring.detail.deskripsi')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {d.data.length === 0 ? (
                <Table.Tr>
                  <Table.Td colSpan={6}>{t('monitoring.ekskul.noMembers')}</Table.Td>
                </Table.Tr>
              ) : null}
              {d.data.map((r, i) => (
                <Table.Tr key={r.anggota_rombel_id} data-ungraded={r.dinilai ? undefined : 'true'}>
                  <Table.Td>{i + 1}</Table.Td>
                  <Table.Td>{r.nama}</Table.Td>
                  <Table.Td>{r.nisn ?? '-'}</Table.Td>
                  <Table.Td>{r.kelas ?? '-'}</Table.Td>
                  <Table.Td>
                    {r.dinilai ? (
                      r.predikat
                    ) : (
                      <Badge color="red" variant="light" size="sm" data-testid="detail-belum">
                        {t('monitoring.status.belum')}
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td>{r.deskripsi ?? '-'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </>
      ) : null}
    </Modal>
  );
}
