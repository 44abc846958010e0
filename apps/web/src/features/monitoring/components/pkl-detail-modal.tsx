import { Alert, Badge, Button, Loader, Modal, Table, Text } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Fragment } from 'react';
import { httpErrorMessage } from '../../../lib/http-errors';
import { useTranslation } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { getDetailPkl, MONITORING_PKL_KEY, printRaporPkl } from '../api/monitoring-api';

/**
 * Detil of a PKL plan (reference-screens §12): NO | Nama Peserta Didik | NISN | Catatan | Tujuan
 * Pembelajaran | Nilai | Deskripsi, one line per TP. A participant without a score for every TP is
 * marked "Belum dinilai"; one who left (not counted) is dimmed and marked "Keluar"; "Cetak" prints the participant's PKL report (the PKL report's endpoint).
 */
export function PklDetailModal({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const detail = useQuery({
    queryKey: [...MONITORING_PKL_KEY, 'detail', id],
    queryFn: () => getDetailPkl(id ?? ''),
    enabled: id !== null,
  });
  const cetak = useMutation({
    mutationFn: (pd: string) => printRaporPkl(id ?? '', pd),
    onError: (e) => toast.error(httpErrorMessage(e, t)),
  });
  const d = detail.data;
  return (
    <Modal
      opened={id !== null}
      onClose={onClose}
      size="xl"
      title={
        d
          ? t('monitoring.pkl.detailTitle', { kelas: d.rencana.kelas, dudi: d.rencana.nama_dudi })
          : t('monitoring.detil')
      }
    >
      {detail.isPending ? <Loader size="sm" /> : null}
      {detail.isError ? <Alert color="red">{httpErrorMessage(detail.error, t)}</Alert> : null}
      {d ? (
        <Table withTableBorder withColumnBorders data-testid="pkl-detail">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('monitoring.detail.no')}</Table.Th>
              <Table.Th>{t('monitoring.pkl.detail.nama')}</Table.Th>
              <Table.Th>NISN</Table.Th>
              <Table.Th>{t('monitoring.pkl.detail.catatan')}</Table.Th>
              <Table.Th>{t('monitoring.pkl.detail.tp')}</Table.Th>
              <Table.Th>{t('monitoring.pkl.detail.nilai')}</Table.Th>
              <Table.Th>{t('monitoring.detail.deskripsi')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {d.peserta.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={7}>{t('monitoring.pkl.noPeserta')}</Table.Td>
              </Table.Tr>
            ) : null}
            {d.peserta.map((p, i) => {
              const ungraded = p.diharapkan && !p.dinilai;
              const lines = p.nilai.length > 0 ? p.nilai : [null];
              const span = lines.length;
              return (
                <Fragment key={p.peserta_didik_id}>
                  {lines.map((n, j) => (
                    <Table.Tr
                      key={n?.tp_id ?? 'none'}
                      data-testid={j === 0 ? 'pkl-detail-peserta' : undefined}
                      data-ungraded={j === 0 && ungraded ? 'true' : undefined}
                      style={p.diharapkan ? undefined : { opacity: 0.55 }}
                    >
                      {j === 0 ? (
                        <>
                          <Table.Td rowSpan={span}>{i + 1}</Table.Td>
                          <Table.Td rowSpan={span}>
                            <Text size="sm">{p.nama}</Text>
                            {ungraded ? (
                              <Badge color="red" variant="light" size="sm" data-testid="detail-belum">
                                {t('monitoring.status.belum')}
                              </Badge>
                            ) : null}
                            {p.diharapkan ? null : (
                              <Badge color="gray" variant="light" size="sm" data-testid="detail-keluar">
                                {t('monitoring.pkl.keluar')}
                              </Badge>
                            )}
                            <Button
                              mt={4}
                              size="compact-xs"
                              variant="light"
                              display="block"
                              disabled={cetak.isPending}
                              onClick={() => cetak.mutate(p.peserta_didik_id)}
                              aria-label={`${t('monitoring.pkl.cetak')} ${p.nama}`}
                              data-testid="pkl-cetak"
                            >
                              {t('monitoring.pkl.cetak')}
                            </Button>
                          </Table.Td>
                          <Table.Td rowSpan={span}>{p.nisn ?? '-'}</Table.Td>
                          <Table.Td rowSpan={span}>{p.catatan ?? '-'}</Table.Td>
                        </>
                      ) : null}
                      <Table.Td>
                        {n ? (d.tp.find((x) => x.tp_id === n.tp_id)?.deskripsi ?? '-') : '-'}
                      </Table.Td>
                      <Table.Td>{n?.nilai ?? '-'}</Table.Td>
                      <Table.Td>{n?.deskripsi ?? '-'}</Table.Td>
                    </Table.Tr>
                  ))}
                </Fragment>
              );
            })}
          </Table.Tbody>
        </Table>
      ) : null}
    </Modal>
  );
}
