import {
  PEMBELAJARAN_MESSAGES,
  type PembelajaranEditInput,
  type PembelajaranRow,
  pembelajaranSaveSchema,
} from '@erapor/contract/referensi/rombel';
import { Alert, Button, Group, Loader, Modal, Table } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ConfirmDialog } from '../../../../components/confirm-dialog';
import { httpErrorMessage, httpErrorText, toHttpError } from '../../../../lib/http-errors';
import { serverText, useTranslation } from '../../../../lib/i18n';
import { toast } from '../../../../lib/toast';
import { getPembelajaran, ROMBEL_KEY, resetPembelajaran, savePembelajaran } from '../../api/rombel-api';
import { cellErrors, type Draft, draftOf, isDirty } from './grid-draft';
import { NO_ERRORS, PembelajaranGridRow } from './pembelajaran-row';

/**
 * "Pembelajaran Kelas {nama}" (reference-screens §6.2): an editable grid — display name, guru
 * pengajar, kelompok, no urut — saved as a whole in one transaction, and "reset" per subject.
 * Sub-subjects sit under their parent (yellow). Everything typed stays on screen when a save
 * fails; the cells the server (or the same rules here) refuse show their message.
 */
export function PembelajaranModal({ rombelId, onClose }: { rombelId: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const key = [...ROMBEL_KEY, 'pembelajaran', rombelId];
  const grid = useQuery({
    queryKey: key,
    queryFn: () => getPembelajaran(rombelId ?? ''),
    enabled: !!rombelId,
    refetchOnWindowFocus: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const [drafts, setDrafts] = useState<Draft[]>([]);
  const [errors, setErrors] = useState<Record<number, Record<string, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [conflict, setConflict] = useState<string | null>(null);
  const [resetting, setResetting] = useState<PembelajaranRow | null>(null);

  // A reset changes one row; the drafts of the others (maybe being edited) must stay.
  const keepDrafts = useRef(false);
  const data = grid.data;
  useEffect(() => {
    if (keepDrafts.current) {
      keepDrafts.current = false;
      return;
    }
    if (data) {
      setDrafts(data.data.map(draftOf));
      setErrors({});
      setFormError(null);
      setConflict(null);
    }
  }, [data]);

  const save = useMutation({
    mutationFn: (rows: PembelajaranEditInput[]) => savePembelajaran(rombelId ?? '', rows),
    onSuccess: (res) => {
      qc.setQueryData(key, (old: typeof data) => (old ? { ...old, data: res.data } : old));
      toast.success(t('referensi.rombel.savedTitle'), serverText(res.message));
    },
    onError: (error) => {
      const e = toHttpError(error);
      setErrors(cellErrors(e.details));
      setConflict(e.status === 409 ? e.message : null);
      setFormError(
        e.status === 409 ? null : Object.keys(e.details).length > 0 ? e.message : httpErrorMessage(error, t),
      );
    },
  });
  const reset = useMutation({
    mutationFn: (id: string) => resetPembelajaran(id),
    onSuccess: (res) => {
      setResetting(null);
      toast.success(t('referensi.rombel.savedTitle'), serverText(res.message));
      setDrafts((old) =>
        old.map((d) => (d.pembelajaran_id === res.data.pembelajaran_id ? draftOf(res.data) : d)),
      );
      keepDrafts.current = true;
      qc.setQueryData(key, (old: typeof data) =>
        old
          ? {
              ...old,
              data: old.data.map((r) => (r.pembelajaran_id === res.data.pembelajaran_id ? res.data : r)),
            }
          : old,
      );
    },
    onError: (error) => {
      setResetting(null);
      toast.error(t('referensi.rombel.resetFailed'), httpErrorText(error, t));
    },
  });

  const onSave = () => {
    setConflict(null);
    // The contract's rules first, so a typo is shown without a round trip.
    const local = pembelajaranSaveSchema.safeParse({ rows: drafts });
    if (!local.success) {
      const details: Record<string, string> = {};
      for (const issue of local.error.issues) details[issue.path.join('.')] ??= issue.message;
      setErrors(cellErrors(details));
      setFormError(t('referensi.rombel.fixCells'));
      return;
    }
    setErrors({});
    setFormError(null);
    save.mutate(drafts);
  };
  const set = useCallback(
    (i: number, field: keyof Draft, value: string) =>
      setDrafts((old) => old.map((d, j) => (j === i ? { ...d, [field]: value } : d))),
    [],
  );
  // Closing with unsaved changes asks first: nothing typed is lost silently.
  const [confirmClose, setConfirmClose] = useState(false);
  const close = () => {
    // Reopening starts from the saved data, not from discarded edits.
    if (data) setDrafts(data.data.map(draftOf));
    setErrors({});
    setFormError(null);
    setConflict(null);
    onClose();
  };
  const requestClose = () => {
    if (data && isDirty(drafts, data.data)) setConfirmClose(true);
    else close();
  };

  const manage = data?.can_manage ?? false;
  const rowsById = new Map((data?.data ?? []).map((r) => [r.pembelajaran_id, r]));

  return (
    <Modal
      opened={!!rombelId}
      onClose={requestClose}
      size="100%"
      title={data ? t('referensi.rombel.pembelajaranTitle', { nama: data.rombel.nama }) : t('common.loading')}
      data-testid="pembelajaran-modal"
    >
      {grid.isPending ? (
        <Group justify="center" p="xl">
          <Loader />
        </Group>
      ) : grid.isError ? (
        <Alert color="red">{httpErrorMessage(grid.error, t)}</Alert>
      ) : data ? (
        <>
          {conflict ? (
            <Alert color="orange" mb="sm" data-testid="pembelajaran-conflict">
              <Group justify="space-between">
                <span>{conflict}</span>
                <Button size="xs" variant="light" onClick={() => void grid.refetch()}>
                  {t('referensi.rombel.reload')}
                </Button>
              </Group>
            </Alert>
          ) : null}
          {formError ? (
            <Alert color="red" mb="sm" data-testid="pembelajaran-error">
              {formError}
            </Alert>
          ) : null}
          <Table.ScrollContainer minWidth={1100}>
            <Table withTableBorder data-testid="pembelajaran-grid">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={50}>{t('referensi.rombel.grid.no')}</Table.Th>
                  <Table.Th>{t('referensi.rombel.grid.mapel')}</Table.Th>
                  <Table.Th w={110}>{t('referensi.rombel.grid.idMapel')}</Table.Th>
                  <Table.Th>{t('referensi.rombel.grid.guruDapodik')}</Table.Th>
                  <Table.Th w={240}>{t('referensi.rombel.grid.guruPengajar')}</Table.Th>
                  <Table.Th w={240}>{t('referensi.rombel.grid.kelompok')}</Table.Th>
                  <Table.Th w={100}>{t('referensi.rombel.grid.noUrut')}</Table.Th>
                  <Table.Th w={80}>{t('referensi.rombel.grid.reset')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {drafts.map((d, i) => (
                  <PembelajaranGridRow
                    key={d.pembelajaran_id}
                    index={i}
                    draft={d}
                    row={rowsById.get(d.pembelajaran_id)}
                    errors={errors[i] ?? NO_ERRORS}
                    manage={manage}
                    guru={data.guru}
                    kelompok={data.kelompok}
                    onChange={set}
                    onReset={setResetting}
                  />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </>
      ) : null}
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={requestClose}>
          {t('common.close')}
        </Button>
        {manage ? (
          <Button onClick={onSave} loading={save.isPending} data-testid="pembelajaran-save">
            {t('common.save')}
          </Button>
        ) : null}
      </Group>
      <ConfirmDialog
        text={resetting ? PEMBELAJARAN_MESSAGES.resetConfirm : null}
        busy={reset.isPending}
        onConfirm={() => resetting && reset.mutate(resetting.pembelajaran_id)}
        onCancel={() => setResetting(null)}
      />
      <ConfirmDialog
        text={confirmClose ? t('referensi.rombel.discardChanges') : null}
        onConfirm={() => {
          setConfirmClose(false);
          close();
        }}
        onCancel={() => setConfirmClose(false)}
      />
    </Modal>
  );
}
