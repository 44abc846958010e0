import type { Option } from '@erapor/contract/referensi/peserta-didik';
import type { PembelajaranRow } from '@erapor/contract/referensi/rombel';
import { Button, Select, Table, Text, TextInput } from '@mantine/core';
import { memo } from 'react';
import { useTranslation } from '../../../../lib/i18n';
import type { Draft } from './grid-draft';

export const NO_ERRORS: Readonly<Record<string, string>> = Object.freeze({});

interface Props {
  index: number;
  draft: Draft;
  row: PembelajaranRow | undefined;
  errors: Readonly<Record<string, string>>;
  manage: boolean;
  guru: Option[];
  kelompok: Option[];
  onChange: (index: number, field: keyof Draft, value: string) => void;
  onReset: (row: PembelajaranRow) => void;
}

/**
 * One row of the pembelajaran grid. Memoised: typing in one row re-renders that row only (a class
 * has 20–30 subjects, each with two selects of up to ~90 teachers).
 */
export const PembelajaranGridRow = memo(function PembelajaranGridRow({
  index,
  draft,
  row,
  errors,
  manage,
  guru,
  kelompok,
  onChange,
  onReset,
}: Props) {
  const { t } = useTranslation();
  const sub = !!row?.induk_pembelajaran_id;
  return (
    <Table.Tr
      bg={sub ? 'var(--mantine-color-yellow-light)' : undefined}
      data-testid="pembelajaran-row"
      data-sub={sub ? 'true' : undefined}
    >
      <Table.Td>{index + 1}</Table.Td>
      <Table.Td pl={sub ? 'xl' : undefined}>
        <TextInput
          aria-label={t('referensi.rombel.grid.mapel')}
          value={draft.nama_mata_pelajaran}
          onChange={(e) => onChange(index, 'nama_mata_pelajaran', e.currentTarget.value)}
          error={errors.nama_mata_pelajaran ?? errors.pembelajaran_id}
          disabled={!manage}
        />
      </Table.Td>
      <Table.Td>{row?.mata_pelajaran_id}</Table.Td>
      <Table.Td>{row?.guru ?? '-'}</Table.Td>
      <Table.Td>
        <Select
          aria-label={t('referensi.rombel.grid.guruPengajar')}
          placeholder={t('referensi.rombel.grid.chooseGuru')}
          data={guru}
          value={draft.guru_pengajar_id || null}
          onChange={(v) => onChange(index, 'guru_pengajar_id', v ?? '')}
          error={errors.guru_pengajar_id}
          disabled={!manage}
          searchable
          clearable
        />
      </Table.Td>
      <Table.Td>
        <Select
          aria-label={t('referensi.rombel.grid.kelompok')}
          placeholder={t('referensi.rombel.grid.chooseKelompok')}
          data={kelompok}
          value={draft.kelompok_id || null}
          onChange={(v) => onChange(index, 'kelompok_id', v ?? '')}
          error={errors.kelompok_id}
          disabled={!manage}
          clearable
        />
      </Table.Td>
      <Table.Td>
        <TextInput
          aria-label={t('referensi.rombel.grid.noUrut')}
          inputMode="numeric"
          value={draft.no_urut}
          onChange={(e) => onChange(index, 'no_urut', e.currentTarget.value)}
          error={errors.no_urut}
          disabled={!manage}
        />
      </Table.Td>
      <Table.Td>
        {manage && row && row.kelompok_id !== null && row.no_urut !== null ? (
          <Button
            size="compact-sm"
            color="red"
            variant="light"
            onClick={() => onReset(row)}
            data-testid="pembelajaran-reset"
          >
            {t('referensi.rombel.grid.reset')}
          </Button>
        ) : (
          <Text c="dimmed">-</Text>
        )}
      </Table.Td>
    </Table.Tr>
  );
});
