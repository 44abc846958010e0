import { jenisRiwayatLabel, type RiwayatNilaiRow, SUMBER_LABEL } from '@erapor/contract/riwayat-nilai';
import { Text } from '@mantine/core';
import { waktu } from '../../lib/format';
import type { TFunction } from '../../lib/i18n';
import type { ServerTableColumn } from '../data-table';

export const formatWaktu = (iso: string) => waktu(iso, { seconds: true });

/** An old or new value: long texts wrap, an empty cell shows as "(kosong)". */
function Nilai({ value, t }: { value: string | null; t: TFunction }) {
  return value === null ? (
    <Text size="sm" c="dimmed" fs="italic">
      {t('riwayat-nilai.kosong')}
    </Text>
  ) : (
    <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {value}
    </Text>
  );
}

/** The table's columns; `compact` (a cell's history) leaves out the class, subject and pupil. */
export function riwayatColumns(t: TFunction, compact = false): ServerTableColumn<RiwayatNilaiRow>[] {
  const all: ServerTableColumn<RiwayatNilaiRow>[] = [
    {
      accessor: 'waktu',
      title: t('riwayat-nilai.columns.waktu'),
      sortable: true,
      render: (r) => formatWaktu(r.waktu),
    },
    { accessor: 'pengguna', title: t('riwayat-nilai.columns.pengguna'), sortable: true },
    ...(compact
      ? []
      : [
          {
            accessor: 'rombel',
            title: t('riwayat-nilai.columns.rombel'),
            sortable: true,
            render: (r: RiwayatNilaiRow) => r.rombel ?? '-',
          },
          {
            accessor: 'mata_pelajaran',
            title: t('riwayat-nilai.columns.mapel'),
            sortable: true,
            render: (r: RiwayatNilaiRow) => r.mata_pelajaran ?? '-',
          },
          {
            accessor: 'peserta_didik',
            title: t('riwayat-nilai.columns.pd'),
            sortable: true,
            render: (r: RiwayatNilaiRow) => r.peserta_didik ?? '-',
          },
        ]),
    {
      accessor: 'jenis',
      title: t('riwayat-nilai.columns.jenis'),
      sortable: true,
      render: (r) => (
        <>
          <Text size="sm">{jenisRiwayatLabel(r.jenis)}</Text>
          {r.kunci ? (
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {r.kunci}
            </Text>
          ) : null}
        </>
      ),
    },
    {
      accessor: 'nilai_lama',
      title: t('riwayat-nilai.columns.lama'),
      render: (r) => <Nilai value={r.nilai_lama} t={t} />,
    },
    {
      accessor: 'nilai_baru',
      title: t('riwayat-nilai.columns.baru'),
      render: (r) => <Nilai value={r.nilai_baru} t={t} />,
    },
    {
      accessor: 'sumber',
      title: t('riwayat-nilai.columns.sumber'),
      render: (r) => SUMBER_LABEL[r.sumber] ?? r.sumber,
    },
  ];
  return all;
}
