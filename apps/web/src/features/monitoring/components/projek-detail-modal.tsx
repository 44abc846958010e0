import { percentDone } from '@erapor/contract/monitoring/counting';
import { Alert, Badge, Button, Loader, Modal, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatPercent } from '../../../lib/format';
import { httpErrorMessage } from '../../../lib/http-errors';
import { useTranslation } from '../../../lib/i18n';
import { getDetailProjekKelas, getDetailProjekNilai, MONITORING_PROJEK_KEY } from '../api/monitoring-api';

/**
 * Detil of a class on Nilai Projek (reference-screens §12): "Detil Projek P5" — No | Tema | Projek |
 * Jumlah Sub Elemen | Detil, whose Detil opens the project's pupils with Dimensi | Elemen | Sub
 * Elemen | Nilai Projek (an unscored cell marked "Belum dinilai"). From 20251 the class's pupils
 * with their kokurikuler text, a pupil without one marked.
 */
export function ProjekDetailModal({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [projekId, setProjekId] = useState<string | null>(null);
  const detail = useQuery({
    queryKey: [...MONITORING_PROJEK_KEY, 'detail', id],
    queryFn: () => getDetailProjekKelas(id ?? ''),
    enabled: id !== null,
  });
  const d = detail.data;
  const belum = (
    <Badge color="red" variant="light" size="sm" data-testid="detail-belum">
      {t('monitoring.status.belum')}
    </Badge>
  );
  return (
    <>
      <Modal
        opened={id !== null}
        onClose={onClose}
        size="xl"
        title={
          d
            ? d.mode === 'p5'
              ? t('monitoring.projek.detailTitle', { rombel: d.rombel.nama })
              : t('monitoring.projek.kokurikulerTitle', { rombel: d.rombel.nama })
            : t('monitoring.detil')
        }
      >
        {detail.isPending ? <Loader size="sm" /> : null}
        {detail.isError ? <Alert color="red">{httpErrorMessage(detail.error, t)}</Alert> : null}
        {d?.mode === 'p5' ? (
          <Stack gap="xs">
            <Text size="sm">
              {t('monitoring.projek.columns.koord')}: {d.rombel.guru ?? '-'}
            </Text>
            <Table withTableBorder striped data-testid="projek-detail">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('monitoring.detail.no')}</Table.Th>
                  <Table.Th>{t('monitoring.projek.detail.tema')}</Table.Th>
                  <Table.Th>{t('monitoring.projek.detail.projek')}</Table.Th>
                  <Table.Th>{t('monitoring.projek.columns.subElemen')}</Table.Th>
                  <Table.Th>%</Table.Th>
                  <Table.Th>{t('monitoring.columns.detil')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {d.projek.length === 0 ? (
                  <Table.Tr>
                    <Table.Td colSpan={6}>{t('monitoring.projek.tanpaProjek')}</Table.Td>
                  </Table.Tr>
                ) : null}
                {d.projek.map((p) => (
                  <Table.Tr key={p.rencana_budaya_kerja_id}>
                    <Table.Td>{p.no_urut}</Table.Td>
                    <Table.Td>{p.tema}</Table.Td>
                    <Table.Td>{p.nama}</Table.Td>
                    <Table.Td>{p.jumlah_sub_elemen}</Table.Td>
                    <Table.Td>
                      {p.expected
                        ? `${formatPercent(percentDone(p.dinilai, p.expected))} % (${p.dinilai} / ${p.expected})`
                        : '-'}
                    </Table.Td>
                    <Table.Td>
                      <Button
                        size="compact-sm"
                        color="green"
                        onClick={() => setProjekId(p.rencana_budaya_kerja_id)}
                        data-testid="projek-detil"
                      >
                        {t('monitoring.detil')}
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Stack>
        ) : null}
        {d?.mode === 'kokurikuler' ? (
          <Table withTableBorder striped data-testid="kokurikuler-detail">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('monitoring.detail.no')}</Table.Th>
                <Table.Th>{t('monitoring.detail.nama')}</Table.Th>
                <Table.Th>NISN</Table.Th>
                <Table.Th>{t('monitoring.projek.columns.kokurikuler')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {d.siswa.map((s, i) => (
                <Table.Tr key={s.anggota_rombel_id} data-ungraded={s.dinilai ? undefined : 'true'}>
                  <Table.Td>{i + 1}</Table.Td>
                  <Table.Td>{s.nama}</Table.Td>
                  <Table.Td>{s.nisn ?? '-'}</Table.Td>
                  <Table.Td>{s.dinilai ? s.kokurikuler : belum}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        ) : null}
      </Modal>
      <ProjekNilaiModal id={projekId} onClose={() => setProjekId(null)} belum={belum} />
    </>
  );
}

/** A project's pupils × sub-elements with the level given (nested in the class's Detil). */
function ProjekNilaiModal({
  id,
  onClose,
  belum,
}: {
  id: string | null;
  onClose: () => void;
  belum: React.ReactNode;
}) {
  const { t } = useTranslation();
  const nilai = useQuery({
    queryKey: [...MONITORING_PROJEK_KEY, 'nilai', id],
    queryFn: () => getDetailProjekNilai(id ?? ''),
    enabled: id !== null,
  });
  const n = nilai.data;
  return (
    <Modal opened={id !== null} onClose={onClose} size="xl" title={n ? n.projek.nama : t('monitoring.detil')}>
      {nilai.isPending ? <Loader size="sm" /> : null}
      {nilai.isError ? <Alert color="red">{httpErrorMessage(nilai.error, t)}</Alert> : null}
      {n ? (
        <Stack gap="xs">
          <Text size="sm">
            {n.projek.rombel} · {n.projek.tema}
          </Text>
          <Text size="sm" c="dimmed">
            {n.projek.deskripsi}
          </Text>
          <Table withTableBorder striped data-testid="projek-nilai">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('monitoring.detail.no')}</Table.Th>
                <Table.Th>{t('monitoring.detail.nama')}</Table.Th>
                <Table.Th>NISN</Table.Th>
                <Table.Th>{t('monitoring.projek.detail.dimensi')}</Table.Th>
                <Table.Th>{t('monitoring.projek.detail.elemen')}</Table.Th>
                <Table.Th>{t('monitoring.projek.detail.subElemen')}</Table.Th>
                <Table.Th>{t('monitoring.projek.detail.nilai')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {n.data.map((r, i) => (
                <Table.Tr
                  // biome-ignore lint/suspicious/noArrayIndexKey: one row per pupil and sub-element, in order
                  key={`${r.anggota_rombel_id}-${i}`}
                  data-ungraded={r.nilai === null ? 'true' : undefined}
                >
                  <Table.Td>{i + 1}</Table.Td>
                  <Table.Td>{r.nama}</Table.Td>
                  <Table.Td>{r.nisn ?? '-'}</Table.Td>
                  <Table.Td>{r.dimensi}</Table.Td>
                  <Table.Td>{r.elemen}</Table.Td>
                  <Table.Td>{r.sub_elemen}</Table.Td>
                  <Table.Td>{r.nilai ?? belum}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Stack>
      ) : null}
    </Modal>
  );
}
