import { KD_MESSAGES, type KdRow } from '@erapor/contract/kurikulum/kd';
import { Alert, Badge, Button, Group, Menu, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ServerTable, type ServerTableColumn } from '../../../components/data-table';
import { useBusEvent } from '../../../lib/event-bus';
import { httpErrorMessage, httpErrorText, toHttpError } from '../../../lib/http-errors';
import { useTranslation } from '../../../lib/i18n';
import { useRouteDef } from '../../../lib/route-meta';
import { toast } from '../../../lib/toast';
import {
  hapusKdGanda,
  KURIKULUM_KEY,
  listKd,
  resetKdAlias,
  setKdAlias,
  setKdStatus,
} from '../api/kurikulum-api';
import { FilterRow, useFilterView } from './filters';
import { KdAddModal } from './kd-add-modal';
import { ConfirmDialog, type ConfirmState, Z } from './ui';

const KEY = [...KURIKULUM_KEY, 'kd'] as const;

/**
 * Data KD (K13), reference-screens §6.7: the KDs of the teacher's subjects (admin: all), with the
 * school's short wording ("ringkasan") and on/off switch, duplicates switched off in one go, and
 * the school's own KDs added from the header's "Tambah Data".
 */
export function KdScreen() {
  const { t } = useTranslation();
  const def = useRouteDef();
  const qc = useQueryClient();
  const filter = useFilterView('k13');
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<KdRow | null>(null);
  const [confirm, setConfirm] = useState<ConfirmState | null>(null);
  useBusEvent(def?.addButton?.action, () => setAdding(true));

  const action = useMutation({
    mutationFn: (run: () => Promise<{ message: string }>) => run(),
    onSuccess: (r) => {
      toast.success(r.message);
      void qc.invalidateQueries({ queryKey: KEY });
      setConfirm(null);
    },
    onError: (e) => {
      toast.error(t('kurikulum.failed'), httpErrorText(e, t), 'long');
      setConfirm(null);
    },
  });
  const ask = (text: string, run: () => Promise<{ message: string }>) =>
    setConfirm({ text, onYes: () => action.mutate(run) });

  const columns: ServerTableColumn<KdRow>[] = [
    { accessor: 'mata_pelajaran', title: t('kurikulum.columns.mapel'), sortable: true, width: 180 },
    { accessor: 'id_kompetensi', title: t('kurikulum.columns.kode'), sortable: true, width: 80 },
    { accessor: 'kelas', title: t('kurikulum.columns.kelas'), width: 80, render: (r) => r.kelas.join(', ') },
    {
      accessor: 'kompetensi_dasar',
      title: t('kurikulum.columns.kd'),
      sortable: true,
      render: (r) =>
        r.kompetensi_dasar_alias ? (
          <Stack gap={2}>
            <Text size="sm">{r.kompetensi_dasar_alias}</Text>
            <Text size="xs" c="dimmed">
              {r.kompetensi_dasar}
            </Text>
          </Stack>
        ) : (
          r.kompetensi_dasar
        ),
    },
    { accessor: 'kurikulum', title: t('kurikulum.columns.kurikulum'), sortable: true, width: 100 },
    {
      accessor: 'aktif',
      title: t('kurikulum.columns.status'),
      sortable: true,
      width: 110,
      render: (r) => (
        <Badge color={r.aktif ? 'green' : 'red'} data-testid="kd-status">
          {r.aktif ? t('kurikulum.status.aktif') : t('kurikulum.status.nonaktif')}
        </Badge>
      ),
    },
    {
      accessor: 'aksi',
      title: t('kurikulum.columns.aksi'),
      width: 90,
      render: (r) =>
        r.can_edit ? (
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <Button size="compact-sm" variant="light" data-testid="kd-aksi">
                {t('kurikulum.columns.aksi')}
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item onClick={() => setEditing(r)} data-testid="kd-ubah">
                {t('kurikulum.kd.ubahRingkasan')}
              </Menu.Item>
              {r.kompetensi_dasar_alias ? (
                <Menu.Item
                  onClick={() =>
                    ask(t('kurikulum.kd.confirmReset'), () => resetKdAlias(r.kompetensi_dasar_id))
                  }
                  data-testid="kd-reset"
                >
                  {t('kurikulum.kd.hapusRingkasan')}
                </Menu.Item>
              ) : null}
              <Menu.Item
                onClick={() =>
                  ask(t(r.aktif ? 'kurikulum.kd.confirmNonaktif' : 'kurikulum.kd.confirmAktif'), () =>
                    setKdStatus(r.kompetensi_dasar_id, !r.aktif),
                  )
                }
                data-testid="kd-toggle"
              >
                {r.aktif ? t('kurikulum.action.nonaktifkan') : t('kurikulum.action.aktifkan')}
              </Menu.Item>
              <Menu.Item
                color="red"
                onClick={() => ask(t('kurikulum.kd.confirmGanda'), () => hapusKdGanda(r.kompetensi_dasar_id))}
                data-testid="kd-ganda"
              >
                {t('kurikulum.kd.hapusGanda')}
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        ) : null,
    },
  ];

  return (
    <>
      <ServerTable<KdRow>
        queryKey={KEY}
        fetchPage={(q) => listKd(q)}
        columns={columns}
        idAccessor="kompetensi_dasar_id"
        params={{ ...filter.value }}
        enabled={filter.ready}
        defaultSort={{ columnAccessor: 'mata_pelajaran', direction: 'asc' }}
        searchPlaceholder={t('kurikulum.search')}
        testId="kd-table"
        toolbar={<FilterRow kind="k13" value={filter.value} onChange={filter.onChange} />}
      />
      <KdAddModal opened={adding} onClose={() => setAdding(false)} />
      <AliasModal row={editing} onClose={() => setEditing(null)} />
      <ConfirmDialog state={confirm} busy={action.isPending} onCancel={() => setConfirm(null)} />
    </>
  );
}

/** "Ubah Ringkasan Kompetensi Dasar": the published text (read-only) and the school's own wording. */
function AliasModal({ row, onClose }: { row: KdRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [text, setText] = useState<string | null>(null);
  const value = text ?? row?.kompetensi_dasar_alias ?? row?.kompetensi_dasar ?? '';
  const save = useMutation({
    mutationFn: () => setKdAlias(row?.kompetensi_dasar_id ?? '', value),
    onSuccess: (r) => {
      toast.success(r.message);
      void qc.invalidateQueries({ queryKey: KEY });
      close();
    },
  });
  function close() {
    setText(null);
    save.reset();
    onClose();
  }
  const error = save.error ? toHttpError(save.error) : null;
  const fieldError = error?.details.kompetensi_dasar_alias;
  return (
    <Modal
      opened={row !== null}
      onClose={close}
      title={t('kurikulum.kd.aliasTitle')}
      size="lg"
      zIndex={Z.modal}
    >
      <Stack data-testid="kd-alias-modal">
        {error && !fieldError ? <Alert color="red">{httpErrorMessage(save.error, t)}</Alert> : null}
        <Textarea label={t('kurikulum.kd.aliasOld')} value={row?.kompetensi_dasar ?? ''} disabled autosize />
        <Textarea
          label={t('kurikulum.kd.aliasNew')}
          value={value}
          onChange={(e) => setText(e.currentTarget.value)}
          error={fieldError ?? (value.trim() ? undefined : KD_MESSAGES.aliasRequired)}
          autosize
          minRows={3}
          data-testid="kd-alias"
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('kurikulum.form.close')}
          </Button>
          <Button
            loading={save.isPending}
            disabled={!value.trim()}
            onClick={() => save.mutate()}
            data-testid="kd-alias-save"
          >
            {t('kurikulum.form.update')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
