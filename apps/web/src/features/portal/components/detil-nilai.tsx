import type { RilisNilai } from '@erapor/contract/portal/portal';
import { Alert, Badge, Button, Group, Loader, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { ErrorAlert } from '../../../components/error-alert';
import { useTranslation } from '../../../lib/i18n';
import { getDetil, PORTAL_KEY } from '../api/portal-api';

/*
 * Detil Nilai of one subject (reference-screens §2.7, route /detil-nilai/:pembelajaran_id): the
 * subject's teacher and printed grade, then each TP with its score and ketercapaian, once the
 * grades are released (otherwise the same notice as the portal's tables). "Kembali" is the
 * caller's (the route returns to the portal's tab and semester it came from).
 */
export function NotReleased({ rilis }: { rilis: RilisNilai }) {
  const { t } = useTranslation();
  if (rilis !== 'belum') return null;
  return (
    <Alert
      color="yellow"
      variant="light"
      title={t('portal.notReleasedTitle')}
      data-testid="portal-belum-rilis"
    >
      {t('portal.notReleased')}
    </Alert>
  );
}

export function DetilNilai({ pembelajaranId, onBack }: { pembelajaranId: string; onBack: () => void }) {
  const { t } = useTranslation();
  const detil = useQuery({
    queryKey: [...PORTAL_KEY, 'detil', pembelajaranId],
    queryFn: () => getDetil(pembelajaranId),
  });
  return (
    <Stack gap="sm" data-testid="portal-detil">
      <Group justify="space-between">
        <Text fw={600}>
          {detil.data
            ? t('portal.detilTitle', { mapel: detil.data.mata_pelajaran, semester: detil.data.semester })
            : ''}
        </Text>
        <Button variant="default" onClick={onBack}>
          {t('portal.back')}
        </Button>
      </Group>
      {detil.isError ? <ErrorAlert title={t('portal.loadFailed')} error={detil.error} /> : null}
      {detil.isPending ? <Loader size="sm" /> : null}
      {detil.data ? (
        <>
          <Text size="sm">
            {t('portal.columns.guru')}: {detil.data.guru ?? '-'} · {t('portal.columns.nilai')}:{' '}
            <Badge variant="light">{detil.data.nilai_akhir ?? '-'}</Badge>
          </Text>
          <NotReleased rilis={detil.data.rilis} />
          {detil.data.rilis !== 'belum' ? (
            <Table striped withTableBorder data-testid="portal-tp-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={48}>{t('portal.columns.no')}</Table.Th>
                  <Table.Th>{t('portal.columns.tp')}</Table.Th>
                  <Table.Th w={90} ta="center">
                    {t('portal.columns.nilaiTp')}
                  </Table.Th>
                  <Table.Th w={170}>{t('portal.columns.ketercapaian')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {detil.data.tp.length === 0 ? (
                  <Table.Tr>
                    <Table.Td colSpan={4}>
                      <Text c="dimmed">{t('portal.noTp')}</Text>
                    </Table.Td>
                  </Table.Tr>
                ) : (
                  detil.data.tp.map((r, i) => (
                    <Table.Tr key={r.tp_id}>
                      <Table.Td>{i + 1}</Table.Td>
                      <Table.Td>{r.deskripsi}</Table.Td>
                      <Table.Td ta="center">{r.nilai ?? '-'}</Table.Td>
                      <Table.Td>{t(`portal.ketercapaian.${r.kompeten ?? 'none'}`)}</Table.Td>
                    </Table.Tr>
                  ))
                )}
              </Table.Tbody>
            </Table>
          ) : null}
        </>
      ) : null}
    </Stack>
  );
}
