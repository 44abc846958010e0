import { ANGGOTA_MESSAGES, type AnggotaResponse, type AnggotaRow } from '@erapor/contract/referensi/rombel';
import { Button, Group, Modal } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '../../../../components/confirm-dialog';
import { ServerTable, type ServerTableColumn } from '../../../../components/data-table';
import { httpErrorText } from '../../../../lib/http-errors';
import { serverText, useTranslation } from '../../../../lib/i18n';
import { toast } from '../../../../lib/toast';
import { getAnggota, ROMBEL_KEY, removeAnggota } from '../../api/rombel-api';
import { placeAndDate } from '../peserta-didik/format';

/**
 * "Anggota Rombel Kelas {nama}" (reference-screens §6.2, also the ekskul members §6.5): the
 * members, paged and searched by the server (an ekskul such as Pramuka holds a whole grade), and
 * "Keluarkan" for the administrator (the server checks who may).
 */
export function AnggotaModal({
  rombelId,
  onClose,
  onChanged,
}: {
  rombelId: string | null;
  onClose: () => void;
  /** After a member was removed (lists showing counts refresh). */
  onChanged?: () => void;
}) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [removing, setRemoving] = useState<AnggotaRow | null>(null);
  // The rombel and the caller's rights come with every page.
  const [meta, setMeta] = useState<Pick<AnggotaResponse, 'rombel' | 'can_manage'> | null>(null);
  const key = [...ROMBEL_KEY, 'anggota', rombelId];
  const remove = useMutation({
    mutationFn: (id: string) => removeAnggota(id),
    onSuccess: (res) => {
      setRemoving(null);
      toast.success(t('referensi.rombel.removedTitle'), serverText(res.message));
      void qc.invalidateQueries({ queryKey: key });
      onChanged?.();
    },
    onError: (error) => {
      setRemoving(null);
      toast.error(t('referensi.rombel.removeFailed'), httpErrorText(error, t));
    },
  });
  const withKelas = meta ? meta.rombel.jenis_rombel !== 1 : false;
  const manage = meta?.can_manage ?? false;

  const columns: ServerTableColumn<AnggotaRow>[] = [
    { accessor: 'no', title: t('referensi.rombel.anggota.no'), width: 60 },
    { accessor: 'nama', title: t('referensi.pd.columns.nama'), sortable: true },
    { accessor: 'nisn', title: t('referensi.pd.columns.nisn'), sortable: true },
    ...(withKelas
      ? [
          {
            accessor: 'kelas',
            title: t('referensi.pd.columns.kelas'),
            sortable: true,
          } as ServerTableColumn<AnggotaRow>,
        ]
      : []),
    { accessor: 'jenis_kelamin', title: t('referensi.pd.columns.jk'), sortable: true, width: 80 },
    {
      accessor: 'tanggal_lahir',
      title: t('referensi.pd.columns.ttl'),
      sortable: true,
      render: (a) => placeAndDate(a.tempat_lahir, a.tanggal_lahir),
    },
    { accessor: 'agama', title: t('referensi.pd.columns.agama'), sortable: true },
    ...(manage
      ? [
          {
            accessor: 'aksi',
            title: t('referensi.pd.columns.aksi'),
            width: 120,
            render: (a: AnggotaRow) => (
              <Button size="compact-sm" color="red" onClick={() => setRemoving(a)} data-testid="keluarkan">
                {t('referensi.rombel.keluarkan')}
              </Button>
            ),
          } as ServerTableColumn<AnggotaRow>,
        ]
      : []),
  ];

  const close = () => {
    setMeta(null);
    onClose();
  };

  return (
    <Modal
      opened={!!rombelId}
      onClose={close}
      size="xl"
      title={meta ? t('referensi.rombel.anggotaTitle', { nama: meta.rombel.nama }) : t('common.loading')}
      data-testid="anggota-modal"
    >
      {rombelId ? (
        <ServerTable<AnggotaRow>
          inUrl={false}
          queryKey={key}
          fetchPage={async (q) => {
            const page = await getAnggota(rombelId, q);
            setMeta({ rombel: page.rombel, can_manage: page.can_manage });
            return page;
          }}
          columns={columns}
          idAccessor="anggota_rombel_id"
          defaultSort={{ columnAccessor: 'nama', direction: 'asc' }}
          searchPlaceholder={t('referensi.rombel.anggotaSearch')}
          testId="anggota-table"
        />
      ) : null}
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={close}>
          {t('common.close')}
        </Button>
      </Group>
      <ConfirmDialog
        text={removing ? `${removing.nama} — ${ANGGOTA_MESSAGES.confirm}` : null}
        busy={remove.isPending}
        onConfirm={() => removing && remove.mutate(removing.anggota_rombel_id)}
        onCancel={() => setRemoving(null)}
      />
    </Modal>
  );
}
