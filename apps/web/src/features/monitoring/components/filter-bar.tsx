import { TINGKAT } from '@erapor/contract/referensi/peserta-didik';
import { Button, Group, Select } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { useView } from '../../../lib/view-search';
import { PROGRESS_STATUS_ORDER } from './status-badge';

type Option = { value: string; label: string };

/** One filter of a monitoring screen: "Semua" when empty, cleared by its ×. */
function FilterSelect({
  label,
  data,
  value,
  onChange,
  w,
  testId,
  searchable = true,
}: {
  label: string;
  data: Option[];
  value: string | undefined;
  onChange: (value: string | null) => void;
  w: number;
  testId: string;
  searchable?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Select
      label={label}
      placeholder={t('monitoring.filter.semua')}
      data={data}
      value={value ?? null}
      onChange={onChange}
      clearable
      searchable={searchable}
      w={w}
      data-testid={testId}
    />
  );
}

/** Tingkat (choosing one clears the class, whose options depend on it). */
export function TingkatFilter() {
  const { t } = useTranslation();
  const [view, setView] = useView();
  return (
    <FilterSelect
      label={t('monitoring.filter.tingkat')}
      data={TINGKAT.map((n) => ({ value: String(n), label: t('monitoring.filter.kelas', { n }) }))}
      value={view.tingkat}
      onChange={(v) => setView({ tingkat: v, rombel: null })}
      w={150}
      testId="filter-tingkat"
      searchable={false}
    />
  );
}

/** Program/Konsentrasi Keahlian (clears the class too). */
export function JurusanFilter({ options }: { options: Option[] }) {
  const { t } = useTranslation();
  const [view, setView] = useView();
  return (
    <FilterSelect
      label={t('monitoring.filter.jurusan')}
      data={options}
      value={view.jurusan}
      onChange={(v) => setView({ jurusan: v, rombel: null })}
      w={240}
      testId="filter-jurusan"
    />
  );
}

/** Rombongan Belajar. */
export function RombelFilter({ options }: { options: Option[] }) {
  const { t } = useTranslation();
  const [view, setView] = useView();
  return (
    <FilterSelect
      label={t('monitoring.filter.rombel')}
      data={options.map(({ value, label }) => ({ value, label }))}
      value={view.rombel}
      onChange={(v) => setView({ rombel: v })}
      w={180}
      testId="filter-rombel"
    />
  );
}

/**
 * The filter row every monitoring screen shares (issue #14 item 1; decision 036): the screen's own
 * filters (`children`), then the teacher (Guru / Pembina / Pembimbing, as the screen names them),
 * Status and "Unduh Excel" of the filtered table. Every value lives in the URL (decision 025).
 */
export function FilterBar({
  children,
  guruLabel,
  guruOptions,
  excel,
}: {
  children?: ReactNode;
  guruLabel: string;
  guruOptions: Option[];
  excel: { pending: boolean; disabled: boolean; onClick: () => void };
}) {
  const { t } = useTranslation();
  const [view, setView] = useView();
  return (
    <Group gap="sm" align="end" wrap="wrap" data-testid="monitoring-filters">
      {children}
      <FilterSelect
        label={guruLabel}
        data={guruOptions}
        value={view.guru}
        onChange={(v) => setView({ guru: v })}
        w={240}
        testId="filter-guru"
      />
      <FilterSelect
        label={t('monitoring.filter.status')}
        data={PROGRESS_STATUS_ORDER.map((s) => ({ value: s, label: t(`monitoring.status.${s}`) }))}
        value={view.status}
        onChange={(v) => setView({ status: v })}
        w={160}
        testId="filter-status"
        searchable={false}
      />
      <Button
        variant="light"
        loading={excel.pending}
        onClick={excel.onClick}
        disabled={excel.disabled}
        data-testid="unduh-excel"
      >
        {t('monitoring.unduhExcel')}
      </Button>
    </Group>
  );
}
