import type { LegerResponse } from '@erapor/contract/cetak/leger';
import { formatDesimal } from '@erapor/contract/format';
import { Badge, Card, Group, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { SCROLL_X_AREA } from '../../../components/scroll-x';
import { useTranslation } from '../../../lib/i18n';

/** One decimal as an Indonesian document writes it (86,0): the ledger is printed in Indonesian. */
const rataRata = { format: (n: number) => formatDesimal(n, 1) };

const dash = (v: number | null | undefined) => (v === null || v === undefined ? '-' : v);

/**
 * The ledger's preview: the title block (Sekolah, NPSN, Kelas, Tahun Pelajaran) and the same rows
 * and columns as the xlsx — No, Nama, NISN, one column per subject (electives marked), S, I, A and,
 * when asked for, Jumlah, Rata-rata, Peringkat. "-" where there is no grade.
 */
export function LegerTable({ leger }: { leger: LegerResponse }) {
  const { t } = useTranslation();
  const info: [string, string][] = [
    [t('cetak.leger.sekolah'), leger.sekolah],
    ['NPSN', leger.npsn],
    [t('cetak.leger.kelas'), leger.kelas],
    [t('cetak.leger.tahunPelajaran'), leger.tahun_pelajaran],
  ];
  return (
    <Card withBorder radius="md" padding="lg" data-testid="leger-preview">
      <Stack gap="sm">
        <Stack gap={2}>
          {info.map(([k, v]) => (
            <Group key={k} gap="xs" wrap="nowrap">
              <Text size="sm" w={140} c="dimmed">
                {k}
              </Text>
              <Text size="sm" fw={500} data-testid={k === 'NPSN' ? 'leger-npsn' : undefined}>
                {v}
              </Text>
            </Group>
          ))}
        </Stack>
        {leger.rows.length === 0 ? (
          <Text c="dimmed">{t('cetak.leger.empty')}</Text>
        ) : (
          <ScrollArea
            {...SCROLL_X_AREA}
            offsetScrollbars
            // A wide table of plain cells has nothing to focus: the region itself takes the
            // keyboard so its arrows scroll it (axe: scrollable-region-focusable).
            viewportProps={{
              ...SCROLL_X_AREA.viewportProps,
              tabIndex: 0,
              role: 'region',
              'aria-label': `${t('cetak.leger.kelas')} ${leger.kelas}`,
            }}
          >
            <Table
              striped
              withTableBorder
              withColumnBorders
              highlightOnHover
              fz="sm"
              data-testid="leger-table"
            >
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('cetak.leger.no')}</Table.Th>
                  <Table.Th miw={220}>{t('cetak.leger.nama')}</Table.Th>
                  <Table.Th>NISN</Table.Th>
                  {leger.mapel.map((m) => (
                    <Table.Th key={m.pembelajaran_id} ta="center" miw={90}>
                      {m.nama}
                      {m.pilihan ? (
                        <Badge ml={4} size="xs" variant="light">
                          {t('cetak.leger.pilihan')}
                        </Badge>
                      ) : null}
                    </Table.Th>
                  ))}
                  <Table.Th ta="center" title={t('cetak.leger.sakit')}>
                    S
                  </Table.Th>
                  <Table.Th ta="center" title={t('cetak.leger.izin')}>
                    I
                  </Table.Th>
                  <Table.Th ta="center" title={t('cetak.leger.alpa')}>
                    A
                  </Table.Th>
                  {leger.ringkasan ? (
                    <>
                      <Table.Th ta="center">{t('cetak.leger.jumlah')}</Table.Th>
                      <Table.Th ta="center">{t('cetak.leger.rataRata')}</Table.Th>
                      <Table.Th ta="center">{t('cetak.leger.peringkat')}</Table.Th>
                    </>
                  ) : null}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {leger.rows.map((r, i) => (
                  <Table.Tr key={r.anggota_rombel_id}>
                    <Table.Td>{i + 1}</Table.Td>
                    <Table.Td>{r.nama}</Table.Td>
                    <Table.Td>{r.nisn ?? '-'}</Table.Td>
                    {r.nilai.map((v, j) => (
                      <Table.Td key={leger.mapel[j]?.pembelajaran_id ?? j} ta="center">
                        {dash(v)}
                      </Table.Td>
                    ))}
                    <Table.Td ta="center">{r.sakit}</Table.Td>
                    <Table.Td ta="center">{r.izin}</Table.Td>
                    <Table.Td ta="center">{r.alpa}</Table.Td>
                    {leger.ringkasan ? (
                      <>
                        <Table.Td ta="center">{dash(r.jumlah)}</Table.Td>
                        <Table.Td ta="center">
                          {r.rata_rata === null || r.rata_rata === undefined
                            ? '-'
                            : rataRata.format(r.rata_rata)}
                        </Table.Td>
                        <Table.Td ta="center">{dash(r.peringkat)}</Table.Td>
                      </>
                    ) : null}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea>
        )}
      </Stack>
    </Card>
  );
}
