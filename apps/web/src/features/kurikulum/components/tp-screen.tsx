import { TP_IN_USE_CODE, type TpRow, tpUpdateSchema } from '@erapor/contract/kurikulum/tp';
import { Alert, Badge, Button, Group, Menu, Modal, Stack, Text, Textarea, Tooltip } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ServerTable, type ServerTableColumn } from '../../../components/data-table';
import { useBusEvent } from '../../../lib/event-bus';
import { issuesOf } from '../../../lib/form-issues';
import { httpErrorMessage, httpErrorText, toHttpError } from '../../../lib/http-errors';
import { useTranslation } from '../../../lib/i18n';
import { useRouteDef } from '../../../lib/route-meta';
import { toast } from '../../../lib/toast';
import { deleteTp, KURIKULUM_KEY, listTp, updateTp } from '../api/kurikulum-api';
import { FilterRow, useFilterView } from './filters';
import { TpAddModal } from './tp-add-modal';
import { TpMapelModal } from './tp-mapel-modal';
import { ConfirmDialog, type ConfirmState, shorten, Z } from './ui';

const KEY = [...KURIKULUM_KEY, 'tp'] as const;

/**
 * Tujuan Pembelajaran, reference-screens §6.9: the TPs of the teacher's subjects with the classes
 * they are mapped to; "Mapping Rombel", "Ubah Data", "Hapus Data" per row; "Tambah Data" in the
 * header. A delete that would take grades with it asks a second time, naming them.
 */
export function TpScreen() {
  const { t } = useTranslation();
  const def = useRouteDef();
  const qc = useQueryClient();
  const filter = useFilterView();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<TpRow | null>(null);
  const [mapping, setMapping] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<ConfirmState | null>(null);
  useBusEvent(def?.addButton?.action, () => setAdding(true));

  const remove = useMutation({
    mutationFn: (v: { id: string; force: boolean }) => deleteTp(v.id, v.force),
    onSuccess: (r) => {
      toast.success(r.message);
      void qc.invalidateQueries({ queryKey: KURIKULUM_KEY });
      setConfirm(null);
    },
    onError: (e, v) => {
      const err = toHttpError(e);
      if (err.code === TP_IN_USE_CODE && !v.force) {
        setConfirm({ text: err.message, onYes: () => remove.mutate({ ...v, force: true }) });
        return;
      }
      setConfirm(null);
      toast.error(t('kurikulum.failed'), httpErrorText(e, t), 'long');
    },
  });

  const columns: ServerTableColumn<TpRow>[] = [
    { accessor: 'mata_pelajaran', title: t('kurikulum.columns.mapel'), sortable: true, width: 160 },
    {
      accessor: 'rombel',
      title: t('kurikulum.columns.rombel'),
      width: 150,
      render: (r) =>
        r.rombel.length ? (
          <Group gap={4}>
            {r.rombel.map((n) => (
              <Badge key={n} variant="light" data-testid="tp-rombel">
                {n}
              </Badge>
            ))}
          </Group>
        ) : (
          <Text size="xs" c="dimmed">
            {t('kurikulum.tp.belumDipetakan')}
          </Text>
        ),
    },
    {
      accessor: 'sumber',
      title: t('kurikulum.columns.cpKd'),
      sortable: true,
      width: 260,
      render: (r) => (
        <Tooltip label={r.sumber_deskripsi} multiline w={420} withinPortal>
          <Text size="sm">
            <b>{r.sumber}</b> {shorten(r.sumber_deskripsi, 80)}
          </Text>
        </Tooltip>
      ),
    },
    {
      accessor: 'fase',
      title: t('kurikulum.columns.faseTingkat'),
      sortable: true,
      width: 110,
      render: (r) =>
        r.fase
          ? t('kurikulum.tp.fase', { fase: r.fase })
          : t('kurikulum.form.kelas', { tingkat: r.kelas.join(', ') }),
    },
    { accessor: 'deskripsi', title: t('kurikulum.columns.tp'), sortable: true },
    {
      accessor: 'aksi',
      title: t('kurikulum.columns.aksi'),
      width: 90,
      render: (r) =>
        r.can_edit ? (
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <Button size="compact-sm" variant="light" data-testid="tp-aksi">
                {t('kurikulum.columns.aksi')}
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item onClick={() => setMapping(r.tp_id)} data-testid="tp-mapping">
                {t('kurikulum.tp.mapping')}
              </Menu.Item>
              <Menu.Item onClick={() => setEditing(r)} data-testid="tp-ubah">
                {t('kurikulum.tp.ubah')}
              </Menu.Item>
              <Menu.Item
                color="red"
                data-testid="tp-hapus"
                onClick={() =>
                  setConfirm({
                    text: t('kurikulum.tp.confirmDelete'),
                    onYes: () => remove.mutate({ id: r.tp_id, force: false }),
                  })
                }
              >
                {t('kurikulum.tp.hapus')}
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        ) : null,
    },
  ];

  return (
    <>
      <ServerTable<TpRow>
        queryKey={KEY}
        fetchPage={(q) => listTp(q)}
        columns={columns}
        idAccessor="tp_id"
        params={{ ...filter.value }}
        enabled={filter.ready}
        defaultSort={{ columnAccessor: 'mata_pelajaran', direction: 'asc' }}
        searchPlaceholder={t('kurikulum.search')}
        testId="tp-table"
        toolbar={<FilterRow value={filter.value} onChange={filter.onChange} />}
      />
      <TpAddModal opened={adding} onClose={() => setAdding(false)} />
      <TpEditModal row={editing} onClose={() => setEditing(null)} />
      <TpMapelModal tpId={mapping} onClose={() => setMapping(null)} />
      <ConfirmDialog state={confirm} busy={remove.isPending} onCancel={() => setConfirm(null)} />
    </>
  );
}

/** "Ubah Data": the TP's text. */
function TpEditModal({ row, onClose }: { row: TpRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [text, setText] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const value = text ?? row?.deskripsi ?? '';
  const save = useMutation({
    mutationFn: () => updateTp(row?.tp_id ?? '', value),
    onSuccess: (r) => {
      toast.success(r.message);
      void qc.invalidateQueries({ queryKey: KEY });
      close();
    },
    onError: (e) => setErrors(toHttpError(e).details),
  });
  function close() {
    setText(null);
    setErrors({});
    save.reset();
    onClose();
  }
  const submit = () => {
    const check = tpUpdateSchema.safeParse({ deskripsi: value });
    if (!check.success) setErrors(issuesOf(check.error.issues));
    else save.mutate();
  };
  const refused = save.error && !errors.deskripsi;
  return (
    <Modal
      opened={row !== null}
      onClose={close}
      title={t('kurikulum.tp.editTitle')}
      size="lg"
      zIndex={Z.modal}
    >
      <Stack data-testid="tp-edit-modal">
        {refused ? <Alert color="red">{httpErrorMessage(save.error, t)}</Alert> : null}
        <Textarea
          label={t('kurikulum.tp.deskripsiEdit')}
          value={value}
          onChange={(e) => setText(e.currentTarget.value)}
          error={errors.deskripsi}
          autosize
          minRows={3}
          data-testid="tp-edit-deskripsi"
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('kurikulum.form.close')}
          </Button>
          <Button loading={save.isPending} onClick={submit} data-testid="tp-edit-save">
            {t('kurikulum.form.update')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
