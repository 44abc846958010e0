import type { CetakPklResponse } from '@erapor/contract/pkl/cetak';
import { Alert, Button, Card, Group, Loader, ScrollArea, Select, Stack, Table, Text } from '@mantine/core';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { ErrorAlert } from '../../../components/error-alert';
import { SCROLL_X_AREA } from '../../../components/scroll-x';
import { httpErrorMessage } from '../../../lib/http-errors';
import { useTranslation } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { useView } from '../../../lib/view-search';
import { CETAK_PKL_KEY, downloadRaporPkl, getCetakPkl } from '../api/cetak-api';
import { CetakSemuaPkl } from './cetak-semua';

/**
 * Cetak Rapor PKL (/pkl/cetak-rapor; issue #12 item 7): "== Filter Rombel ==" (kept in the URL as
 * `?rombel=`), then Nama | NISN | Kelas | Cetak with a "Daftar Nilai" button per placement that
 * downloads the pupil's PKL report (fetched with the token as a blob), and Cetak Semua of a plan or
 * of the class.
 */
export function CetakPklScreen() {
  const { t } = useTranslation();
  const [view, setView] = useView();
  const rombel = typeof view.rombel === 'string' ? view.rombel : null;
  const page = useQuery({
    queryKey: [...CETAK_PKL_KEY, rombel],
    queryFn: () => getCetakPkl(rombel),
    placeholderData: keepPreviousData,
  });
  const open = useMutation({
    mutationFn: (v: { pklId: string; pd: string }) => downloadRaporPkl(v.pklId, v.pd),
    onError: (e) => toast.error(t('pkl.cetak.openFailed'), httpErrorMessage(e, t), 'long'),
  });
  const kelas = page.data?.kelas ?? [];

  return (
    <Stack gap="md">
      <Card withBorder radius="md" padding="lg">
        <Select
          label={t('pkl.cetak.filterLabel')}
          placeholder={t('pkl.cetak.filterRombel')}
          data={kelas}
          value={kelas.some((k) => k.value === rombel) ? rombel : null}
          onChange={(v) => setView({ rombel: v })}
          clearable
          w="100%"
          maw={320}
          data-testid="pkl-cetak-rombel"
        />
      </Card>
      {page.isError ? <ErrorAlert title={t('pkl.cetak.loadFailed')} error={page.error} /> : null}
      {page.isPending ? <Loader /> : null}
      {page.data && page.data.kelas.length === 0 ? (
        <Alert color="yellow" data-testid="pkl-cetak-none">
          {t('pkl.cetak.noPlan')}
        </Alert>
      ) : null}
      {page.data && page.data.rencana.length > 0 ? (
        <CetakSemuaPkl key={rombel ?? 'all'} rombelId={rombel} rencana={page.data.rencana} />
      ) : null}
      {page.data ? (
        <CetakTable
          data={page.data}
          busy={open.isPending}
          onOpen={(pklId, pd) => open.mutate({ pklId, pd })}
        />
      ) : null}
    </Stack>
  );
}

function CetakTable({
  data,
  busy,
  onOpen,
}: {
  data: CetakPklResponse;
  busy: boolean;
  onOpen: (pklId: string, pesertaDidikId: string) => void;
}) {
  const { t } = useTranslation();
  if (data.data.length === 0) return <Text c="dimmed">{t('pkl.cetak.empty')}</Text>;
  return (
    <Card withBorder radius="md" padding={0}>
      <ScrollArea {...SCROLL_X_AREA}>
        <Table striped verticalSpacing="xs" data-testid="pkl-cetak-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('pkl.cetak.nama')}</Table.Th>
              <Table.Th>NISN</Table.Th>
              <Table.Th>{t('pkl.cetak.kelas')}</Table.Th>
              <Table.Th>{t('pkl.cetak.cetak')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.data.map((row) => (
              <Table.Tr
                key={`${row.rombongan_belajar_id}#${row.peserta_didik_id}`}
                data-testid="pkl-cetak-row"
              >
                <Table.Td>{row.nama}</Table.Td>
                <Table.Td>{row.nisn ?? '-'}</Table.Td>
                <Table.Td>{row.kelas}</Table.Td>
                <Table.Td>
                  <Group gap="xs">
                    {row.penempatan.map((p) => (
                      <Button
                        key={p.pkl_id}
                        size="compact-sm"
                        variant="light"
                        disabled={busy}
                        onClick={() => onOpen(p.pkl_id, row.peserta_didik_id)}
                        aria-label={`${t('pkl.cetak.daftarNilai')} ${row.nama} ${p.nama_dudi}`}
                        title={p.nama_dudi}
                        data-testid="pkl-cetak-daftar-nilai"
                      >
                        {row.penempatan.length > 1
                          ? `${t('pkl.cetak.daftarNilai')} (${p.nama_dudi})`
                          : t('pkl.cetak.daftarNilai')}
                      </Button>
                    ))}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
    </Card>
  );
}
