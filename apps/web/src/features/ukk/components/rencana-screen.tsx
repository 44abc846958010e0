import type { RencanaDetail, RencanaRow } from '@erapor/contract/ukk/rencana';
import { Alert, Badge, Button, Group, Loader, Modal, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ServerTable, type ServerTableColumn } from '../../../components/data-table';
import { SCROLL_X_AREA } from '../../../components/scroll-x';
import { useBusEvent } from '../../../lib/event-bus';
import { httpErrorMessage, httpErrorText } from '../../../lib/http-errors';
import { serverText, useTranslation } from '../../../lib/i18n';
import { useRouteDef } from '../../../lib/route-meta';
import { scoreLossToConfirm } from '../../../lib/score-loss';
import { toast } from '../../../lib/toast';
import { UKK_KEY } from '../api/paket-api';
import { deleteRencana, getRencana, listRencana } from '../api/rencana-api';
import { CetakSertifikatButton } from './cetak-button';
import { CetakSemuaSertifikat } from './cetak-semua';
import { RencanaFormModal, type RencanaTarget } from './rencana-form-modal';
import { ConfirmDialog, type ConfirmState, Z } from './ui';

const KEY = [...UKK_KEY, 'rencana-list'] as const;

/** 2026-05-20 → 20-05-2026 (id; the one formatter, lib/format.ts). */
import { tanggal as formatTanggal } from '../../../lib/format';

export { formatTanggal };

/**
 * Rencana Penilaian UKK (reference-screens §9.1; issue #13 item 6), for the Kaprog:
 * Paket Kompetensi | Kelas | Penguji Internal | Penguji Eksternal | Jml PD | Aksi (Detil, Ubah, Hapus).
 * Deleting a scored plan asks a second time, naming how many scores go.
 */
export function RencanaScreen() {
  const { t } = useTranslation();
  const def = useRouteDef();
  const qc = useQueryClient();
  const [form, setForm] = useState<RencanaTarget | null>(null);
  const [detail, setDetail] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<ConfirmState | null>(null);
  useBusEvent(def?.addButton?.action, () => setForm({ mode: 'add' }));

  const remove = useMutation({
    mutationFn: (v: { id: string; konfirmasi?: number }) => deleteRencana(v.id, v.konfirmasi),
    onSuccess: (r) => {
      toast.success(serverText(r.message));
      void qc.invalidateQueries({ queryKey: UKK_KEY });
      setConfirm(null);
    },
    onError: (e, v) => {
      const ask = scoreLossToConfirm(e, v.konfirmasi);
      if (ask) {
        setConfirm({ text: ask.text, onYes: () => remove.mutate({ id: v.id, konfirmasi: ask.jumlah }) });
        return;
      }
      setConfirm(null);
      toast.error(t('ukk.rencana.failed'), httpErrorText(e, t), 'long');
    },
  });

  const columns: ServerTableColumn<RencanaRow>[] = [
    {
      accessor: 'nama_paket_id',
      title: t('ukk.rencana.paket'),
      sortable: true,
      render: (r) => `${r.nomor_paket} - ${r.nama_paket_id}`,
    },
    { accessor: 'kelas', title: t('ukk.rencana.kelas'), sortable: true, width: 140 },
    { accessor: 'nama_internal', title: t('ukk.rencana.internal'), sortable: true },
    {
      accessor: 'nama_eksternal',
      title: t('ukk.rencana.eksternal'),
      sortable: true,
      render: (r) => (r.nama_dudi ? `${r.nama_eksternal} (${r.nama_dudi})` : r.nama_eksternal),
    },
    { accessor: 'jml_pd', title: t('ukk.rencana.jmlPd'), sortable: true, width: 90, textAlign: 'center' },
    {
      accessor: 'aksi',
      title: t('ukk.rencana.aksi'),
      width: 220,
      render: (r) => (
        <Group gap={4} wrap="nowrap">
          <Button
            size="compact-sm"
            variant="light"
            color="green"
            onClick={() => setDetail(r.rencana_ukk_id)}
            data-testid="rencana-detil"
          >
            {t('ukk.rencana.detil')}
          </Button>
          <Button
            size="compact-sm"
            variant="light"
            color="yellow"
            onClick={() => setForm({ mode: 'edit', id: r.rencana_ukk_id })}
            data-testid="rencana-ubah"
          >
            {t('ukk.rencana.ubah')}
          </Button>
          <Button
            size="compact-sm"
            variant="light"
            color="red"
            data-testid="rencana-hapus"
            onClick={() =>
              setConfirm({
                text: t('ukk.rencana.confirmDelete'),
                onYes: () => remove.mutate({ id: r.rencana_ukk_id }),
              })
            }
          >
            {t('ukk.rencana.hapus')}
          </Button>
        </Group>
      ),
    },
  ];

  return (
    <>
      <ServerTable<RencanaRow>
        queryKey={KEY}
        fetchPage={(q) => listRencana(q)}
        columns={columns}
        idAccessor="rencana_ukk_id"
        defaultSort={{ columnAccessor: 'kelas', direction: 'asc' }}
        searchPlaceholder={t('ukk.rencana.search')}
        testId="rencana-table"
      />
      <RencanaFormModal target={form} onClose={() => setForm(null)} />
      <RencanaDetailModal id={detail} onClose={() => setDetail(null)} />
      <ConfirmDialog state={confirm} busy={remove.isPending} onCancel={() => setConfirm(null)} />
    </>
  );
}

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
  const d = q.data;
  const field = (label: string, value: string) => (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm">{value}</Text>
    </Stack>
  );
  return (
    <Modal
      opened={id !== null}
      onClose={onClose}
      title={t('ukk.rencana.detailTitle')}
      size="xl"
      zIndex={Z.modal}
    >
      {q.isError ? <Alert color="red">{httpErrorMessage(q.error, t)}</Alert> : null}
      {!d ? (
        q.isLoading ? (
          <Loader size="sm" />
        ) : null
      ) : (
        <Stack data-testid="rencana-detail">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {field(t('ukk.rencana.paket'), `${d.nomor_paket} - ${d.nama_paket_id}`)}
            {field(t('ukk.rencana.kelas'), d.kelas)}
            {field(t('ukk.rencana.internal'), d.nama_internal)}
            {field(
              t('ukk.rencana.eksternal'),
              d.nama_dudi ? `${d.nama_eksternal} (${d.nama_dudi})` : d.nama_eksternal,
            )}
            {field(t('ukk.rencana.tanggal'), formatTanggal(d.tanggal_sertifikat))}
            {field(t('ukk.rencana.pola'), t(`ukk.rencana.pola_${d.pola_ukk}`))}
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
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('ukk.rencana.tutup')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
