import type { RencanaProjekRow } from '@erapor/contract/projek/perencanaan';
import { Button, Group, SimpleGrid, Table } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ServerTable, type ServerTableColumn } from '../../../components/data-table';
import { DetailField, DetailModal } from '../../../components/detail-modal';
import { SCROLL_X_AREA } from '../../../components/scroll-x';
import { BUS_EVENTS, emit, useBusEvent } from '../../../lib/event-bus';
import { httpErrorText } from '../../../lib/http-errors';
import { serverText, useTranslation } from '../../../lib/i18n';
import { useRouteDef } from '../../../lib/route-meta';
import { scoreLossToConfirm } from '../../../lib/score-loss';
import { toast } from '../../../lib/toast';
import { deleteRencana, getRencana, listRencana, PROJEK_KEY } from '../api/projek-api';
import { type FormTarget, RencanaFormModal } from './rencana-form-modal';
import { ConfirmDialog, type ConfirmState, ReadOnlyNotice, useP5Writable } from './ui';

const KEY = [...PROJEK_KEY, 'rencana-list'] as const;

/**
 * Rencana Penilaian P5 (reference-screens §8.1; issue #13 item 1): the projects of the classes whose
 * P5 the caller coordinates — Kelas | Tema | Nama Projek | Deskripsi | No. Urut | Jml Sub Elemen |
 * Aksi (Detil / Edit / Hapus). "Tambah Data" opens the planning form. From 20251 read-only.
 */
export function PerencanaanScreen() {
  const { t } = useTranslation();
  const def = useRouteDef();
  const qc = useQueryClient();
  const writable = useP5Writable();
  const [form, setForm] = useState<FormTarget | null>(null);
  const [detail, setDetail] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<ConfirmState | null>(null);
  useBusEvent(def?.addButton?.action, () => {
    if (writable) setForm({ mode: 'add' });
    else toast.error(t('projek.readOnly'));
  });
  // Read-only from 2025/2026 (issue #26 item 4): Tambah Data is shown disabled with the reason,
  // instead of active with only a red toast after the click.
  useEffect(() => {
    emit(BUS_EVENTS.disableButton, writable ? null : t('projek.addDisabled'));
    return () => emit(BUS_EVENTS.disableButton, null);
  }, [writable, t]);

  const remove = useMutation({
    mutationFn: (v: { id: string; konfirmasi?: number }) => deleteRencana(v.id, v.konfirmasi),
    onSuccess: (r) => {
      toast.success(serverText(r.message));
      void qc.invalidateQueries({ queryKey: PROJEK_KEY });
      setConfirm(null);
    },
    onError: (e, v) => {
      const ask = scoreLossToConfirm(e, v.konfirmasi);
      if (ask) {
        setConfirm({ text: ask.text, onYes: () => remove.mutate({ id: v.id, konfirmasi: ask.jumlah }) });
        return;
      }
      setConfirm(null);
      toast.error(t('projek.perencanaan.failed'), httpErrorText(e, t), 'long');
    },
  });

  const columns: ServerTableColumn<RencanaProjekRow>[] = [
    { accessor: 'kelas', title: t('projek.perencanaan.kelas'), sortable: true, width: 110 },
    { accessor: 'tema', title: t('projek.perencanaan.tema'), sortable: true, width: 180 },
    { accessor: 'nama', title: t('projek.perencanaan.namaProjek'), sortable: true },
    { accessor: 'deskripsi', title: t('projek.perencanaan.deskripsi') },
    {
      accessor: 'no_urut',
      title: t('projek.perencanaan.noUrutShort'),
      sortable: true,
      width: 90,
      textAlign: 'center',
    },
    {
      accessor: 'jml_sub_elemen',
      title: t('projek.perencanaan.jmlSubElemen'),
      sortable: true,
      width: 120,
      textAlign: 'center',
    },
    {
      accessor: 'aksi',
      title: t('projek.perencanaan.aksi'),
      width: 220,
      render: (r) => (
        <Group gap={4} wrap="nowrap">
          <Button
            size="compact-sm"
            variant="light"
            color="green"
            onClick={() => setDetail(r.rencana_budaya_kerja_id)}
            data-testid="projek-detil"
          >
            {t('projek.perencanaan.detil')}
          </Button>
          {writable ? (
            <>
              <Button
                size="compact-sm"
                variant="light"
                color="yellow"
                onClick={() => setForm({ mode: 'edit', id: r.rencana_budaya_kerja_id })}
                data-testid="projek-edit"
              >
                {t('projek.perencanaan.edit')}
              </Button>
              <Button
                size="compact-sm"
                variant="light"
                color="red"
                data-testid="projek-hapus"
                onClick={() =>
                  setConfirm({
                    text: t('projek.perencanaan.confirmDelete'),
                    onYes: () => remove.mutate({ id: r.rencana_budaya_kerja_id }),
                  })
                }
              >
                {t('projek.perencanaan.hapus')}
              </Button>
            </>
          ) : null}
        </Group>
      ),
    },
  ];

  return (
    <>
      {writable ? null : <ReadOnlyNotice />}
      <ServerTable<RencanaProjekRow>
        queryKey={KEY}
        fetchPage={(q) => listRencana(q)}
        columns={columns}
        idAccessor="rencana_budaya_kerja_id"
        defaultSort={{ columnAccessor: 'kelas', direction: 'asc' }}
        searchPlaceholder={t('projek.perencanaan.search')}
        testId="projek-table"
      />
      <RencanaFormModal target={form} onClose={() => setForm(null)} />
      <RencanaDetail id={detail} onClose={() => setDetail(null)} />
      <ConfirmDialog state={confirm} busy={remove.isPending} onCancel={() => setConfirm(null)} />
    </>
  );
}

/** "Detil Perencanaan Projek Pancasila": the project and its sub-elements with their stored scores. */
function RencanaDetail({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const q = useQuery({
    queryKey: [...PROJEK_KEY, 'rencana', id],
    queryFn: () => getRencana(id ?? ''),
    enabled: id !== null,
  });
  return (
    <DetailModal
      opened={id !== null}
      onClose={onClose}
      title={t('projek.perencanaan.detailTitle')}
      query={q}
      testId="projek-detail"
    >
      {(d) => (
        <>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <DetailField label={t('projek.perencanaan.kelas')} value={d.kelas} />
            <DetailField label={t('projek.perencanaan.tema')} value={d.tema} />
            <DetailField label={t('projek.perencanaan.namaProjek')} value={d.nama} />
            <DetailField label={t('projek.perencanaan.noUrut')} value={String(d.no_urut)} />
          </SimpleGrid>
          <DetailField label={t('projek.perencanaan.deskripsiProjek')} value={d.deskripsi} />
          <Table.ScrollContainer minWidth={560} scrollAreaProps={SCROLL_X_AREA}>
            <Table striped withTableBorder>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('projek.perencanaan.dimensi')}</Table.Th>
                  <Table.Th>{t('projek.perencanaan.elemen')}</Table.Th>
                  <Table.Th>{t('projek.perencanaan.subElemen')}</Table.Th>
                  <Table.Th>{t('projek.perencanaan.jmlNilai')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {d.sub_elemen.map((s) => (
                  <Table.Tr key={s.sub_elemen}>
                    <Table.Td>{s.dimensi}</Table.Td>
                    <Table.Td>{s.nama_elemen}</Table.Td>
                    <Table.Td>{s.deskripsi}</Table.Td>
                    <Table.Td>{s.jml_nilai}</Table.Td>
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
