import { Button, Loader, Modal, SimpleGrid, Stack, Table, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ErrorAlert } from '../../../../components/error-alert';
import { useTranslation } from '../../../../lib/i18n';
import { DUDI_KEY, getDudi } from '../../api/dudi-api';
import { formatDate, Z } from '../gtk/confirm-dialog';
import { AnggotaModal } from './anggota-modal';

/** DUDI detail: identity, its MoUs and its pupils' PKL activities ("Detil Anggota" per activity). */
export function DudiDetailModal({ dudiId, onClose }: { dudiId: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const detail = useQuery({
    queryKey: [...DUDI_KEY, 'detail', dudiId],
    queryFn: () => getDudi(dudiId ?? ''),
    enabled: !!dudiId,
  });
  const [aktPdId, setAktPdId] = useState<string | null>(null);
  const d = detail.data;
  const ro = (label: string, value: string | null | undefined) => (
    <TextInput key={label} label={label} value={value ?? ''} readOnly variant="filled" />
  );
  const none = (cols: number) => (
    <Table.Tr>
      <Table.Td colSpan={cols} ta="center">
        {t('referensi.dudi.none')}
      </Table.Td>
    </Table.Tr>
  );
  return (
    <Modal
      zIndex={Z.modal}
      opened={!!dudiId}
      onClose={onClose}
      size="90%"
      title={d ? t('referensi.dudi.detailTitle', { name: d.nama }) : t('referensi.dudi.detail')}
    >
      {detail.isPending ? <Loader /> : null}
      {detail.isError ? <ErrorAlert title={t('referensi.dudi.loadFailed')} error={detail.error} /> : null}
      {d ? (
        <Stack data-testid="dudi-detail-modal">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {ro(t('referensi.dudi.columns.nama'), d.nama)}
            {ro(t('referensi.dudi.columns.bidang'), d.nama_bidang_usaha)}
            {ro(
              t('referensi.dudi.columns.alamat'),
              [d.alamat, d.desa_kelurahan, d.kode_pos].filter(Boolean).join(', '),
            )}
            {ro(t('referensi.dudi.fields.telepon'), d.nomor_telepon)}
            {ro(t('referensi.dudi.fields.email'), d.email)}
            {ro(t('referensi.dudi.fields.npwp'), d.npwp)}
          </SimpleGrid>
          <Title order={4}>{t('referensi.dudi.mou')}</Title>
          <Table.ScrollContainer minWidth={700}>
            <Table striped withTableBorder data-testid="dudi-mou">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('referensi.dudi.mouColumns.nomor')}</Table.Th>
                  <Table.Th>{t('referensi.dudi.mouColumns.judul')}</Table.Th>
                  <Table.Th>{t('referensi.dudi.mouColumns.periode')}</Table.Th>
                  <Table.Th>{t('referensi.dudi.mouColumns.cp')}</Table.Th>
                  <Table.Th>{t('referensi.dudi.mouColumns.telpCp')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {d.mou.length === 0
                  ? none(5)
                  : d.mou.map((m) => (
                      <Table.Tr key={m.mou_id}>
                        <Table.Td>{m.nomor_mou}</Table.Td>
                        <Table.Td>{m.judul_mou}</Table.Td>
                        <Table.Td>
                          {formatDate(m.tanggal_mulai)} – {formatDate(m.tanggal_selesai)}
                        </Table.Td>
                        <Table.Td>{m.contact_person}</Table.Td>
                        <Table.Td>{m.telp_cp}</Table.Td>
                      </Table.Tr>
                    ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Title order={4}>{t('referensi.dudi.akt')}</Title>
          <Table.ScrollContainer minWidth={700}>
            <Table striped withTableBorder data-testid="dudi-akt">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('referensi.dudi.aktColumns.judul')}</Table.Th>
                  <Table.Th>{t('referensi.dudi.aktColumns.sk')}</Table.Th>
                  <Table.Th>{t('referensi.dudi.aktColumns.pembimbing')}</Table.Th>
                  <Table.Th ta="center">{t('referensi.dudi.aktColumns.jml')}</Table.Th>
                  <Table.Th>{t('referensi.dudi.aktColumns.aksi')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {d.akt_pd.length === 0
                  ? none(5)
                  : d.akt_pd.map((a) => (
                      <Table.Tr key={a.akt_pd_id}>
                        <Table.Td>{a.judul_akt_pd}</Table.Td>
                        <Table.Td>
                          {[a.sk_tugas, formatDate(a.tgl_sk_tugas)].filter(Boolean).join(' · ')}
                        </Table.Td>
                        <Table.Td>{a.pembimbing.join(', ')}</Table.Td>
                        <Table.Td ta="center">{a.jml_pd}</Table.Td>
                        <Table.Td>
                          <Button
                            size="compact-sm"
                            color="green"
                            data-testid="akt-members"
                            onClick={() => setAktPdId(a.akt_pd_id)}
                          >
                            {t('referensi.dudi.members')}
                          </Button>
                        </Table.Td>
                      </Table.Tr>
                    ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Title order={4}>{t('referensi.dudi.asesor')}</Title>
          <Table striped withTableBorder data-testid="dudi-asesor">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('referensi.dudi.asesorColumns.nama')}</Table.Th>
                <Table.Th>{t('referensi.dudi.asesorColumns.email')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {d.asesor.length === 0
                ? none(2)
                : d.asesor.map((a) => (
                    <Table.Tr key={a.guru_id}>
                      <Table.Td>{a.nama}</Table.Td>
                      <Table.Td>{a.email}</Table.Td>
                    </Table.Tr>
                  ))}
            </Table.Tbody>
          </Table>
        </Stack>
      ) : null}
      <AnggotaModal aktPdId={aktPdId} onClose={() => setAktPdId(null)} />
    </Modal>
  );
}
