import type { RencanaRow } from '@erapor/contract/ukk/rencana';
import { Button, Group } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ServerTable, type ServerTableColumn } from '../../../components/data-table';
import { RencanaDetailModal } from '../../../components/ukk-rencana/rencana-detail-modal';
import { useBusEvent } from '../../../lib/event-bus';
import { httpErrorText } from '../../../lib/http-errors';
import { serverText, useTranslation } from '../../../lib/i18n';
import { useRouteDef } from '../../../lib/route-meta';
import { scoreLossToConfirm } from '../../../lib/score-loss';
import { toast } from '../../../lib/toast';
import { UKK_KEY } from '../api/paket-api';
import { deleteRencana, listRencana } from '../api/rencana-api';
import { RencanaFormModal, type RencanaTarget } from './rencana-form-modal';
import { ConfirmDialog, type ConfirmState } from './ui';

const KEY = [...UKK_KEY, 'rencana-list'] as const;

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
