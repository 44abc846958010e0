import { Alert, Button, Loader, Modal, Table } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { httpErrorMessage } from '../../../../lib/http-errors';
import { useTranslation } from '../../../../lib/i18n';
import { toast } from '../../../../lib/toast';
import { DUDI_KEY, listAnggotaAktPd, removeAnggotaAktPd } from '../../api/dudi-api';
import { ConfirmDialog, placeAndDate, Z } from '../gtk/confirm-dialog';

/** "Detil Anggota" of one PKL activity, with "Keluarkan" per pupil. */
export function AnggotaModal({ aktPdId, onClose }: { aktPdId: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const list = useQuery({
    queryKey: [...DUDI_KEY, 'anggota', aktPdId],
    queryFn: () => listAnggotaAktPd(aktPdId ?? ''),
    enabled: !!aktPdId,
  });
  const [removing, setRemoving] = useState<string | null>(null);
  const remove = useMutation({
    mutationFn: (id: string) => removeAnggotaAktPd(id),
    onSuccess: (r) => {
      toast.success(r.message);
      setRemoving(null);
      void qc.invalidateQueries({ queryKey: DUDI_KEY });
    },
    onError: (e) => {
      setRemoving(null);
      toast.error(httpErrorMessage(e, t));
    },
  });
  const data = list.data;
  return (
    <Modal
      zIndex={Z.nested}
      opened={!!aktPdId}
      onClose={onClose}
      size="80%"
      title={
        data
          ? t('referensi.dudi.membersTitle', { name: data.akt_pd.judul_akt_pd })
          : t('referensi.dudi.members')
      }
    >
      {list.isPending ? <Loader /> : null}
      {list.isError ? <Alert color="red">{httpErrorMessage(list.error, t)}</Alert> : null}
      {data ? (
        <Table.ScrollContainer minWidth={800}>
          <Table striped withTableBorder data-testid="akt-members-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('referensi.dudi.memberColumns.no')}</Table.Th>
                <Table.Th>{t('referensi.dudi.memberColumns.nama')}</Table.Th>
                <Table.Th>{t('referensi.dudi.memberColumns.nisn')}</Table.Th>
                <Table.Th>{t('referensi.dudi.memberColumns.jk')}</Table.Th>
                <Table.Th>{t('referensi.dudi.memberColumns.ttl')}</Table.Th>
                <Table.Th>{t('referensi.dudi.memberColumns.agama')}</Table.Th>
                <Table.Th>{t('referensi.dudi.memberColumns.kelas')}</Table.Th>
                <Table.Th>{t('referensi.dudi.memberColumns.aksi')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.data.length === 0 ? (
                <Table.Tr>
                  <Table.Td colSpan={8} ta="center">
                    {t('referensi.dudi.none')}
                  </Table.Td>
                </Table.Tr>
              ) : (
                data.data.map((m, i) => (
                  <Table.Tr key={m.anggota_akt_pd_id} data-testid="akt-member">
                    <Table.Td>{i + 1}</Table.Td>
                    <Table.Td>{m.nama}</Table.Td>
                    <Table.Td>{m.nisn}</Table.Td>
                    <Table.Td>{m.jenis_kelamin}</Table.Td>
                    <Table.Td>{placeAndDate(m.tempat_lahir, m.tanggal_lahir)}</Table.Td>
                    <Table.Td>{m.agama}</Table.Td>
                    <Table.Td>{m.kelas}</Table.Td>
                    <Table.Td>
                      <Button size="compact-sm" color="red" onClick={() => setRemoving(m.anggota_akt_pd_id)}>
                        {t('referensi.dudi.remove')}
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))
              )}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
      <ConfirmDialog
        opened={!!removing}
        text={t('referensi.dudi.confirmRemove')}
        busy={remove.isPending}
        onConfirm={() => removing && remove.mutate(removing)}
        onCancel={() => setRemoving(null)}
      />
    </Modal>
  );
}
