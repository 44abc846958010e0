import { capaianKompetensiText } from '@erapor/contract/penilaian/beranda';
import { Alert, Button, Group, Loader, Modal, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { httpErrorMessage } from '../../../lib/http-errors';
import { useTranslation } from '../../../lib/i18n';
import { BERANDA_GURU_KEY, getBerandaDetail } from '../api/beranda-penilaian-api';

/**
 * "Detil" of a subject (reference-screens §3.2): its pupils with the nilai akhir and the capaian
 * kompetensi texts written so far.
 */
export function DetailModal({
  pembelajaranId,
  onClose,
}: {
  pembelajaranId: string | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const detail = useQuery({
    queryKey: [...BERANDA_GURU_KEY, 'detail', pembelajaranId],
    queryFn: () => getBerandaDetail(pembelajaranId ?? ''),
    enabled: !!pembelajaranId,
  });
  const data = detail.data;
  return (
    <Modal
      opened={pembelajaranId !== null}
      onClose={onClose}
      size="xl"
      title={
        data
          ? t('beranda.detail.title', {
              mapel: data.pembelajaran.nama_mata_pelajaran,
              rombel: data.pembelajaran.rombel,
            })
          : ''
      }
      data-testid="beranda-detail"
    >
      {detail.isError ? <Alert color="red">{httpErrorMessage(detail.error, t)}</Alert> : null}
      {detail.isPending ? <Loader /> : null}
      {data ? (
        <Table.ScrollContainer minWidth={640}>
          <Table striped withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={48}>{t('beranda.guru.columns.no')}</Table.Th>
                <Table.Th>{t('beranda.detail.nama')}</Table.Th>
                <Table.Th>NISN</Table.Th>
                <Table.Th>{t('beranda.detail.agama')}</Table.Th>
                <Table.Th>{t('beranda.detail.nilaiAkhir')}</Table.Th>
                <Table.Th>{t('beranda.detail.capaian')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.data.map((r) => (
                <Table.Tr key={r.anggota_rombel_id}>
                  <Table.Td>{r.no}</Table.Td>
                  <Table.Td>{r.nama}</Table.Td>
                  <Table.Td>{r.nisn ?? '-'}</Table.Td>
                  <Table.Td>{r.agama ?? '-'}</Table.Td>
                  <Table.Td data-testid="detail-nilai">{r.nilai_akhir ?? '-'}</Table.Td>
                  <Table.Td>
                    <Text size="sm">
                      {capaianKompetensiText(r.capaian_dicapai, r.capaian_ditingkatkan) ?? '-'}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onClose}>
          {t('beranda.detail.close')}
        </Button>
      </Group>
    </Modal>
  );
}
