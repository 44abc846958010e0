import type { RencanaPklRow } from '@erapor/contract/pkl/perencanaan';
import { Button, Group, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ServerTable, type ServerTableColumn } from '../../../components/data-table';
import { DetailField, DetailModal } from '../../../components/detail-modal';
import { SCROLL_X_AREA } from '../../../components/scroll-x';
import { useBusEvent } from '../../../lib/event-bus';
import { httpErrorText } from '../../../lib/http-errors';
import { serverText, useTranslation } from '../../../lib/i18n';
import { useRouteDef } from '../../../lib/route-meta';
import { scoreLossToConfirm } from '../../../lib/score-loss';
import { toast } from '../../../lib/toast';
import { deleteRencana, getRencana, listRencana, PKL_KEY } from '../api/pkl-api';
import { type FormTarget, RencanaFormModal } from './rencana-form-modal';
import { ConfirmDialog, type ConfirmState, formatTanggal } from './ui';

const KEY = [...PKL_KEY, 'rencana-list'] as const;

/**
 * Perencanaan Penilaian PKL (reference-screens §10.1; issue #12 item 2): the plans the caller may
 * see — Kelas | DUDI | PKS | Tanggal Mulai | Tanggal Selesai | JML Peserta | Aksi (Detil, and for
 * the owner Ubah Data / Hapus Data). "Tambah Data" in the header opens the plan form. Deleting a
 * scored plan asks a second time, naming how many scores go.
 */
export function PerencanaanScreen() {
  const { t } = useTranslation();
  const def = useRouteDef();
  const qc = useQueryClient();
  const [form, setForm] = useState<FormTarget | null>(null);
  const [detail, setDetail] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<ConfirmState | null>(null);
  useBusEvent(def?.addButton?.action, () => setForm({ mode: 'add' }));

  const remove = useMutation({
    mutationFn: (v: { id: string; konfirmasi?: number }) => deleteRencana(v.id, v.konfirmasi),
    onSuccess: (r) => {
      toast.success(serverText(r.message));
      void qc.invalidateQueries({ queryKey: PKL_KEY });
      setConfirm(null);
    },
    onError: (e, v) => {
      const ask = scoreLossToConfirm(e, v.konfirmasi);
      if (ask) {
        setConfirm({ text: ask.text, onYes: () => remove.mutate({ id: v.id, konfirmasi: ask.jumlah }) });
        return;
      }
      setConfirm(null);
      toast.error(t('pkl.perencanaan.failed'), httpErrorText(e, t), 'long');
    },
  });

  const columns: ServerTableColumn<RencanaPklRow>[] = [
    { accessor: 'kelas', title: t('pkl.perencanaan.kelas'), sortable: true, width: 120 },
    { accessor: 'nama_dudi', title: t('pkl.perencanaan.dudi'), sortable: true },
    { accessor: 'judul_akt_pd', title: t('pkl.perencanaan.pks'), sortable: true },
    {
      accessor: 'tanggal_mulai',
      title: t('pkl.perencanaan.mulai'),
      sortable: true,
      width: 120,
      render: (r) => formatTanggal(r.tanggal_mulai),
    },
    {
      accessor: 'tanggal_selesai',
      title: t('pkl.perencanaan.selesai'),
      sortable: true,
      width: 120,
      render: (r) => formatTanggal(r.tanggal_selesai),
    },
    {
      accessor: 'jml_peserta',
      title: t('pkl.perencanaan.peserta'),
      sortable: true,
      width: 110,
      textAlign: 'center',
    },
    {
      accessor: 'aksi',
      title: t('pkl.perencanaan.aksi'),
      width: 260,
      render: (r) => (
        <Group gap={4} wrap="nowrap">
          <Button
            size="compact-sm"
            variant="light"
            color="green"
            onClick={() => setDetail(r.pkl_id)}
            data-testid="rencana-detil"
          >
            {t('pkl.perencanaan.detil')}
          </Button>
          {r.milik ? (
            <Button
              size="compact-sm"
              variant="light"
              color="yellow"
              onClick={() => setForm({ mode: 'edit', pklId: r.pkl_id })}
              data-testid="rencana-ubah"
            >
              {t('pkl.perencanaan.ubah')}
            </Button>
          ) : null}
          {r.bisa_hapus ? (
            <Button
              size="compact-sm"
              variant="light"
              color="red"
              data-testid="rencana-hapus"
              onClick={() =>
                setConfirm({
                  text: t('pkl.perencanaan.confirmDelete'),
                  onYes: () => remove.mutate({ id: r.pkl_id }),
                })
              }
            >
              {t('pkl.perencanaan.hapus')}
            </Button>
          ) : null}
        </Group>
      ),
    },
  ];

  return (
    <>
      <ServerTable<RencanaPklRow>
        queryKey={KEY}
        fetchPage={(q) => listRencana(q)}
        columns={columns}
        idAccessor="pkl_id"
        defaultSort={{ columnAccessor: 'kelas', direction: 'asc' }}
        searchPlaceholder={t('pkl.perencanaan.search')}
        testId="rencana-table"
      />
      <RencanaFormModal target={form} onClose={() => setForm(null)} />
      <RencanaDetail pklId={detail} onClose={() => setDetail(null)} />
      <ConfirmDialog state={confirm} busy={remove.isPending} onCancel={() => setConfirm(null)} />
    </>
  );
}

/** "Detil Perencanaan Penilaian PKL": the plan, its TPs and its participants with their stored scores. */
function RencanaDetail({ pklId, onClose }: { pklId: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const q = useQuery({
    queryKey: [...PKL_KEY, 'rencana', pklId],
    queryFn: () => getRencana(pklId ?? ''),
    enabled: pklId !== null,
  });
  return (
    <DetailModal
      opened={pklId !== null}
      onClose={onClose}
      title={t('pkl.perencanaan.detailTitle')}
      query={q}
      testId="rencana-detail"
    >
      {(d) => (
        <>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <DetailField label={t('pkl.perencanaan.kelas')} value={d.kelas} />
            <DetailField label={t('pkl.perencanaan.dudi')} value={d.nama_dudi} />
            <DetailField label={t('pkl.perencanaan.pksLabel')} value={d.judul_akt_pd} />
            <DetailField label={t('pkl.perencanaan.pembimbing')} value={d.nama_pembimbing} />
            <DetailField label={t('pkl.perencanaan.mulai')} value={formatTanggal(d.tanggal_mulai)} />
            <DetailField label={t('pkl.perencanaan.selesai')} value={formatTanggal(d.tanggal_selesai)} />
            <DetailField label={t('pkl.perencanaan.instruktur')} value={d.instruktur} />
            <DetailField label={t('pkl.perencanaan.nip')} value={d.nip ?? '-'} />
          </SimpleGrid>
          <Stack gap={4}>
            <Text fw={600} size="sm">
              {t('pkl.perencanaan.tp')}
            </Text>
            <ol style={{ margin: 0, paddingLeft: 20 }}>
              {d.tp.map((x) => (
                <li key={x.tp_id}>
                  <Text size="sm">{x.deskripsi}</Text>
                </li>
              ))}
            </ol>
          </Stack>
          <Text fw={600} size="sm">
            {t('pkl.perencanaan.pesertaDidik')} ({d.peserta.length})
          </Text>
          <Table.ScrollContainer minWidth={420} scrollAreaProps={SCROLL_X_AREA}>
            <Table striped withTableBorder data-testid="rencana-peserta">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>No</Table.Th>
                  <Table.Th>{t('pkl.perencanaan.nama')}</Table.Th>
                  <Table.Th>NISN</Table.Th>
                  <Table.Th>{t('pkl.perencanaan.jmlNilai')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {d.peserta.map((p, i) => (
                  <Table.Tr key={p.peserta_didik_id}>
                    <Table.Td>{i + 1}</Table.Td>
                    <Table.Td>{p.nama}</Table.Td>
                    <Table.Td>{p.nisn ?? '-'}</Table.Td>
                    <Table.Td>{p.jml_nilai}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </>
      )}
    </DetailModal>
  );
}
