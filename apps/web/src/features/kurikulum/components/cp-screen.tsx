import { type CpRow, cpCreateSchema } from '@erapor/contract/kurikulum/cp';
import { Alert, Badge, Button, Group, Modal, Stack, Textarea, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ServerTable, type ServerTableColumn } from '../../../components/data-table';
import { useBusEvent } from '../../../lib/event-bus';
import { issuesOf } from '../../../lib/form-issues';
import { httpErrorMessage, httpErrorText, toHttpError } from '../../../lib/http-errors';
import { useTranslation } from '../../../lib/i18n';
import { useRouteDef } from '../../../lib/route-meta';
import { toast } from '../../../lib/toast';
import { createCp, KURIKULUM_KEY, listCp, setCpStatus } from '../api/kurikulum-api';
import { ClassFields, type ClassValue, EMPTY_CLASS, FilterRow, useFilterView } from './filters';
import { ConfirmDialog, type ConfirmState, Z } from './ui';

const KEY = [...KURIKULUM_KEY, 'cp'] as const;

/**
 * Capaian Pembelajaran (Kurikulum Merdeka), reference-screens §6.8: the CPs of the teacher's
 * subjects (admin: all) with their number of TPs, switched on/off for this school, and the
 * school's own CPs added from the header's "Tambah Data".
 */
export function CpScreen() {
  const { t } = useTranslation();
  const def = useRouteDef();
  const qc = useQueryClient();
  const filter = useFilterView('merdeka');
  const [adding, setAdding] = useState(false);
  const [confirm, setConfirm] = useState<ConfirmState | null>(null);
  useBusEvent(def?.addButton?.action, () => setAdding(true));

  const toggle = useMutation({
    mutationFn: (r: CpRow) => setCpStatus(r.cp_id, !r.aktif),
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

  const columns: ServerTableColumn<CpRow>[] = [
    { accessor: 'mata_pelajaran', title: t('kurikulum.columns.mapel'), sortable: true, width: 180 },
    { accessor: 'fase', title: t('kurikulum.columns.fase'), sortable: true, width: 70 },
    { accessor: 'elemen', title: t('kurikulum.columns.elemen'), sortable: true, width: 180 },
    { accessor: 'deskripsi', title: t('kurikulum.columns.deskripsi'), sortable: true },
    {
      accessor: 'jumlah_tp',
      title: t('kurikulum.columns.jumlahTp'),
      sortable: true,
      width: 90,
      textAlign: 'center',
    },
    {
      accessor: 'aktif',
      title: t('kurikulum.columns.status'),
      sortable: true,
      width: 110,
      render: (r) => (
        <Badge color={r.aktif ? 'green' : 'red'} data-testid="cp-status">
          {r.aktif ? t('kurikulum.status.aktif') : t('kurikulum.status.nonaktif')}
        </Badge>
      ),
    },
    {
      accessor: 'aksi',
      title: t('kurikulum.columns.aksi'),
      width: 130,
      render: (r) =>
        r.can_edit ? (
          <Button
            size="compact-sm"
            color={r.aktif ? 'red' : 'green'}
            data-testid="cp-toggle"
            onClick={() =>
              setConfirm({
                text: t(r.aktif ? 'kurikulum.cp.confirmNonaktif' : 'kurikulum.cp.confirmAktif'),
                onYes: () => toggle.mutate(r),
              })
            }
          >
            {r.aktif ? t('kurikulum.action.nonaktifkan') : t('kurikulum.action.aktifkan')}
          </Button>
        ) : null,
    },
  ];

  return (
    <>
      <ServerTable<CpRow>
        queryKey={KEY}
        fetchPage={(q) => listCp(q)}
        columns={columns}
        idAccessor="cp_id"
        params={{ ...filter.value }}
        enabled={filter.ready}
        defaultSort={{ columnAccessor: 'mata_pelajaran', direction: 'asc' }}
        searchPlaceholder={t('kurikulum.search')}
        testId="cp-table"
        toolbar={<FilterRow kind="merdeka" value={filter.value} onChange={filter.onChange} />}
      />
      <CpAddModal opened={adding} onClose={() => setAdding(false)} />
      <ConfirmDialog state={confirm} busy={toggle.isPending} onCancel={() => setConfirm(null)} />
    </>
  );
}

/** "Tambah Data Capaian Pembelajaran": a CP of the school for a Merdeka class's subject, in its fase. */
function CpAddModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [kelas, setKelas] = useState<ClassValue>(EMPTY_CLASS);
  const [elemen, setElemen] = useState('');
  const [deskripsi, setDeskripsi] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const body = () => ({
    tingkat: kelas.tingkat ?? '',
    rombongan_belajar_id: kelas.rombongan_belajar_id ?? '',
    pembelajaran_id: kelas.pembelajaran_id ?? '',
    elemen,
    deskripsi,
  });
  const save = useMutation({
    mutationFn: () => createCp(body() as Parameters<typeof createCp>[0]),
    onSuccess: (r) => {
      toast.success(r.message);
      void qc.invalidateQueries({ queryKey: KEY });
      setElemen('');
      setDeskripsi('');
      setErrors({});
      onClose();
    },
    onError: (e) => setErrors(toHttpError(e).details),
  });
  const submit = () => {
    const check = cpCreateSchema.safeParse(body());
    if (!check.success) {
      setErrors(issuesOf(check.error.issues));
      return;
    }
    save.mutate();
  };
  const refused = save.error && Object.keys(toHttpError(save.error).details).length === 0;
  return (
    <Modal opened={opened} onClose={onClose} title={t('kurikulum.cp.addTitle')} size="lg" zIndex={Z.modal}>
      <Stack data-testid="cp-add-modal">
        {refused ? <Alert color="red">{httpErrorMessage(save.error, t)}</Alert> : null}
        <ClassFields kind="merdeka" value={kelas} onChange={setKelas} errors={errors} opened={opened} />
        <TextInput
          label={t('kurikulum.cp.elemen')}
          value={elemen}
          onChange={(e) => setElemen(e.currentTarget.value)}
          error={errors.elemen}
          data-testid="cp-elemen"
        />
        <Textarea
          label={t('kurikulum.cp.deskripsi')}
          value={deskripsi}
          onChange={(e) => setDeskripsi(e.currentTarget.value)}
          error={errors.deskripsi}
          autosize
          minRows={3}
          data-testid="cp-deskripsi"
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('kurikulum.form.close')}
          </Button>
          <Button loading={save.isPending} onClick={submit} data-testid="cp-save">
            {t('kurikulum.form.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
