import type { CetakRaporResponse, RaporDokumen } from '@erapor/contract/cetak/rapor';
import { Alert, Badge, Button, Card, Group, Loader, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { use } from 'react';
import { ErrorAlert } from '../../../components/error-alert';
import { SCROLL_X_AREA } from '../../../components/scroll-x';
import { httpErrorMessage } from '../../../lib/http-errors';
import { useTranslation } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import {
  CETAK_RAPOR_KEY,
  getCetakRapor,
  openRaporP5Pdf,
  openRaporPdf,
  openSklPdf,
  openTranskripPdf,
} from '../api/rapor-api';
import { cetakMessages } from '../messages';
import { CetakSemua } from './rapor-semua';
import { RombelPicker, useRombelPick } from './rombel-picker';

const DOKUMEN: { dokumen: RaporDokumen; label: string; testid: string }[] = [
  { dokumen: 'cover', label: 'cetak.rapor.cover', testid: 'rapor-cover' },
  { dokumen: 'nilai-akhir', label: 'cetak.rapor.nilaiAkhir', testid: 'rapor-nilai-akhir' },
  { dokumen: 'pelengkap', label: 'cetak.rapor.pelengkap', testid: 'rapor-pelengkap' },
];

/** A pupil's documents opened from the table. */
type Dokumen = RaporDokumen | 'p5' | 'transkrip' | 'skl';

/**
 * Cetak Rapor Semester (reference-screens §12; docs/decisions/031-cetak-rapor.md).
 * - `wali`: the wali's class (several: `?kelas=`);
 * - `waka` (Waka, admin): Tingkat (`?tingkat=`) → Rombongan Belajar (`?rombel=`).
 * Above the table what will be printed (tempat, tanggal, kepala sekolah, jabatan); per pupil a
 * button per document, each opening the PDF from a blob in a new tab, and what the card lacks.
 */
export function RaporScreen({ mode }: { mode: 'wali' | 'waka' }) {
  use(cetakMessages);
  const { t } = useTranslation();
  // The class list comes with every answer; the first (un-chosen) answer gives it to the Waka.
  const list = useQuery({ queryKey: [...CETAK_RAPOR_KEY, 'kelas'], queryFn: () => getCetakRapor(null) });
  const all = list.data?.kelas;
  const pick = useRombelPick(mode, all);
  const chosen = pick.chosen;

  const page = useQuery({
    queryKey: [...CETAK_RAPOR_KEY, chosen],
    queryFn: () => getCetakRapor(chosen),
    enabled: !!chosen,
    placeholderData: keepPreviousData,
  });

  const open = useMutation({
    mutationFn: (v: { dokumen: Dokumen; anggota: string }) =>
      v.dokumen === 'p5'
        ? openRaporP5Pdf(v.anggota)
        : v.dokumen === 'transkrip'
          ? openTranskripPdf(v.anggota)
          : v.dokumen === 'skl'
            ? openSklPdf(v.anggota)
            : openRaporPdf(v.dokumen, v.anggota),
    onError: (e, v) =>
      toast.error(
        t(
          v.dokumen === 'transkrip'
            ? 'cetak.rapor.transkripFailed'
            : v.dokumen === 'skl'
              ? 'cetak.rapor.sklFailed'
              : 'cetak.rapor.openFailed',
        ),
        httpErrorMessage(e, t),
        'long',
      ),
  });

  return (
    <Stack gap="md">
      <Card withBorder radius="md" padding="lg">
        <RombelPicker pick={pick} testId="rapor" />
      </Card>
      {list.isError ? <ErrorAlert title={t('cetak.rapor.loadFailed')} error={list.error} /> : null}
      {all && all.length === 0 ? <Alert color="yellow">{t('cetak.rapor.noClass')}</Alert> : null}
      {!chosen && mode === 'waka' && all && all.length > 0 ? (
        <Text c="dimmed" data-testid="rapor-choose">
          {t('cetak.rapor.chooseFirst')}
        </Text>
      ) : null}
      {page.isError ? <ErrorAlert title={t('cetak.rapor.loadFailed')} error={page.error} /> : null}
      {list.isPending || (chosen && page.isPending) ? <Loader /> : null}
      {page.data && chosen ? (
        <>
          <CetakInfo data={page.data} />
          {page.data.data.length > 0 ? (
            <CetakSemua
              key={page.data.rombel.rombongan_belajar_id}
              rombelId={page.data.rombel.rombongan_belajar_id}
              tingkat={page.data.rombel.tingkat}
              wide={mode === 'waka'}
              raporP5={page.data.rombel.rapor_p5}
              skl={page.data.data.some((r) => r.lulus)}
            />
          ) : null}
          <RaporTable
            data={page.data}
            busy={open.isPending}
            onOpen={(dokumen, anggota) => open.mutate({ dokumen, anggota })}
          />
        </>
      ) : null}
    </Stack>
  );
}

/** What will be printed under the signatures; the admin changes it in Pengaturan Umum. */
function CetakInfo({ data }: { data: CetakRaporResponse }) {
  const { t } = useTranslation();
  const c = data.cetak;
  const rows: [string, string | null, string][] = [
    [t('cetak.rapor.tempatTanggal'), c.tanggal ? `${c.tempat}, ${c.tanggal}` : null, 'rapor-tanggal'],
    [t('cetak.rapor.waliKelas'), c.wali_kelas, 'rapor-wali'],
    [
      t('cetak.rapor.kepalaSekolah'),
      c.kepala_sekolah ? `${c.kepala_sekolah} (${c.nomor_kepala_sekolah})` : null,
      'rapor-kepala',
    ],
    [t('cetak.rapor.jabatan'), c.jabatan, 'rapor-jabatan'],
  ];
  return (
    <Card withBorder radius="md" padding="lg" data-testid="rapor-cetak-info">
      <Stack gap={4}>
        <Text fw={600}>{t('cetak.rapor.infoTitle', { kelas: data.rombel.nama })}</Text>
        {rows.map(([label, value, testid]) => (
          <Group key={testid} gap="xs" wrap="nowrap" align="start">
            <Text size="sm" c="dimmed" w={180}>
              {label}
            </Text>
            <Text size="sm" fw={500} c={value ? undefined : 'red'} data-testid={testid}>
              {value ?? t('cetak.rapor.notSet')}
            </Text>
          </Group>
        ))}
        <Text size="xs" c="dimmed">
          {t('cetak.rapor.infoHint')}
        </Text>
      </Stack>
    </Card>
  );
}

function RaporTable({
  data,
  busy,
  onOpen,
}: {
  data: CetakRaporResponse;
  busy: boolean;
  onOpen: (dokumen: Dokumen, anggota: string) => void;
}) {
  const { t } = useTranslation();
  // The P5 report: Merdeka classes before 20251 only (from 20251 the card prints Kokurikuler).
  const p5 = data.rombel.rapor_p5;
  // The SKL column only where someone graduated (a Genap of the final class, decision Lulus).
  const skl = data.data.some((r) => r.lulus);
  if (data.data.length === 0) return <Text c="dimmed">{t('cetak.rapor.empty')}</Text>;
  return (
    <Card withBorder radius="md" padding={0}>
      <ScrollArea {...SCROLL_X_AREA}>
        <Table striped withTableBorder={false} verticalSpacing="xs" data-testid="rapor-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('cetak.rapor.nama')}</Table.Th>
              <Table.Th>NISN</Table.Th>
              {DOKUMEN.map((d) => (
                <Table.Th key={d.dokumen} ta="center">
                  {t(d.label)}
                </Table.Th>
              ))}
              {p5 ? <Table.Th ta="center">{t('cetak.rapor.raporP5')}</Table.Th> : null}
              <Table.Th ta="center">{t('cetak.rapor.transkrip')}</Table.Th>
              {skl ? <Table.Th ta="center">{t('cetak.rapor.skl')}</Table.Th> : null}
              <Table.Th>{t('cetak.rapor.kelengkapan')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.data.map((row) => (
              <Table.Tr key={row.anggota_rombel_id} data-testid="rapor-row">
                <Table.Td>{row.nama}</Table.Td>
                <Table.Td>{row.nisn ?? '-'}</Table.Td>
                {DOKUMEN.map((d) => (
                  <Table.Td key={d.dokumen} ta="center">
                    <Button
                      size="compact-sm"
                      variant="light"
                      disabled={busy}
                      onClick={() => onOpen(d.dokumen, row.anggota_rombel_id)}
                      aria-label={`${t(d.label)} ${row.nama}`}
                      data-testid={d.testid}
                    >
                      {t('cetak.rapor.cetak')}
                    </Button>
                  </Table.Td>
                ))}
                {p5 ? (
                  <Table.Td ta="center">
                    <Button
                      size="compact-sm"
                      variant="light"
                      disabled={busy}
                      onClick={() => onOpen('p5', row.anggota_rombel_id)}
                      aria-label={`${t('cetak.rapor.raporP5')} ${row.nama}`}
                      data-testid="rapor-p5"
                    >
                      {t('cetak.rapor.cetak')}
                    </Button>
                  </Table.Td>
                ) : null}
                <Table.Td ta="center">
                  <Button
                    size="compact-sm"
                    variant="light"
                    disabled={busy}
                    onClick={() => onOpen('transkrip', row.anggota_rombel_id)}
                    aria-label={`${t('cetak.rapor.transkrip')} ${row.nama}`}
                    data-testid="rapor-transkrip"
                  >
                    {t('cetak.rapor.cetak')}
                  </Button>
                </Table.Td>
                {skl ? (
                  <Table.Td ta="center">
                    {row.lulus ? (
                      <Button
                        size="compact-sm"
                        variant="light"
                        disabled={busy}
                        onClick={() => onOpen('skl', row.anggota_rombel_id)}
                        aria-label={`${t('cetak.rapor.skl')} ${row.nama}`}
                        data-testid="rapor-skl"
                      >
                        {t('cetak.rapor.cetak')}
                      </Button>
                    ) : (
                      <Text size="xs" c="dimmed" title={t('cetak.rapor.sklBukanLulus')}>
                        -
                      </Text>
                    )}
                  </Table.Td>
                ) : null}
                <Table.Td>
                  {row.kelengkapan.length === 0 ? (
                    <Badge color="green" variant="light">
                      {t('cetak.rapor.lengkap')}
                    </Badge>
                  ) : (
                    <Stack gap={2}>
                      {row.kelengkapan.map((k) => (
                        <Text key={k} size="xs" c="orange.8">
                          {k}
                        </Text>
                      ))}
                    </Stack>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
    </Card>
  );
}
