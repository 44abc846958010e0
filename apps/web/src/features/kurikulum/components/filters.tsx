import type { KurikulumKind } from '@erapor/contract/kurikulum/common';
import { Select, TextInput } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { optionValues, useKnownChoice } from '../../../components/known-choice';
import { useTranslation } from '../../../lib/i18n';
import { useSession } from '../../../lib/session';
import { useView } from '../../../lib/view-search';
import { type FilterValue, getFilterOptions, KURIKULUM_KEY } from '../api/kurikulum-api';
import { DROPDOWN } from './ui';

function useOptions(kind: KurikulumKind | undefined, tingkat?: string, rombel?: string, enabled = true) {
  return useQuery({
    queryKey: [...KURIKULUM_KEY, 'filter', kind ?? 'all', tingkat ?? '', rombel ?? ''],
    queryFn: () => getFilterOptions({ kurikulum: kind, tingkat, rombongan_belajar_id: rombel }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/**
 * The filter above a table (reference-screens §6.7 FilterTable), kept in the URL: tingkat →
 * rombel → mapel. A class or subject in a link that the caller may not see (or that is gone) is
 * cleared with a notice before it reaches the list (lib/view-search.ts).
 */
export function useFilterView(kind?: KurikulumKind) {
  const [view, setView] = useView();
  const options = useOptions(kind, view.tingkat, view.rombel);
  const stale = options.isPlaceholderData;
  const tingkatOk = useKnownChoice(
    'tingkat',
    view.tingkat,
    optionValues(options.data?.tingkat, stale),
    setView,
    ['rombel', 'mapel'],
  );
  const rombelOk = useKnownChoice(
    'rombel',
    view.rombel,
    tingkatOk ? optionValues(options.data?.rombel, stale) : undefined,
    setView,
    ['mapel'],
  );
  const mapelOk = useKnownChoice(
    'mapel',
    view.mapel,
    rombelOk ? optionValues(options.data?.pembelajaran, stale) : undefined,
    setView,
  );
  const value: FilterValue =
    tingkatOk && rombelOk && mapelOk
      ? { tingkat: view.tingkat, rombongan_belajar_id: view.rombel, pembelajaran_id: view.mapel }
      : { tingkat: tingkatOk ? view.tingkat : undefined };
  const onChange = (next: FilterValue) =>
    setView({
      tingkat: next.tingkat ?? null,
      rombel: next.rombongan_belajar_id ?? null,
      mapel: next.pembelajaran_id ?? null,
    });
  return { value, onChange, ready: tingkatOk && rombelOk && mapelOk };
}

/**
 * The filter row above a table: "== Filter Tingkat ==" → "== Filter Rombel ==" → "== Filter
 * Mapel ==". The server offers only the classes and subjects the caller teaches (the
 * administrator: all). Changing one clears the ones after it.
 */
export function FilterRow({
  kind,
  value,
  onChange,
}: {
  kind?: KurikulumKind;
  value: FilterValue;
  onChange: (value: FilterValue) => void;
}) {
  const { t } = useTranslation();
  const options = useOptions(kind, value.tingkat, value.rombongan_belajar_id);
  return (
    <>
      <Select
        aria-label={t('kurikulum.filter.tingkat')}
        placeholder={t('kurikulum.filter.tingkat')}
        data={options.data?.tingkat ?? []}
        value={value.tingkat ?? null}
        onChange={(v) => onChange({ tingkat: v ?? undefined })}
        clearable
        w={190}
        data-testid="filter-tingkat"
      />
      <Select
        aria-label={t('kurikulum.filter.rombel')}
        placeholder={t('kurikulum.filter.rombel')}
        data={
          value.tingkat
            ? (options.data?.rombel ?? []).map(({ value: v, label }) => ({ value: v, label }))
            : []
        }
        value={value.rombongan_belajar_id ?? null}
        onChange={(v) => onChange({ tingkat: value.tingkat, rombongan_belajar_id: v ?? undefined })}
        disabled={!value.tingkat}
        clearable
        searchable
        w={200}
        data-testid="filter-rombel"
      />
      <Select
        aria-label={t('kurikulum.filter.mapel')}
        placeholder={t('kurikulum.filter.mapel')}
        data={(options.data?.pembelajaran ?? []).map(({ value: v, label }) => ({ value: v, label }))}
        value={value.pembelajaran_id ?? null}
        onChange={(v) => onChange({ ...value, pembelajaran_id: v ?? undefined })}
        disabled={!value.rombongan_belajar_id}
        clearable
        searchable
        w={240}
        data-testid="filter-mapel"
      />
    </>
  );
}

/** Tingkat → Rombel → Mata Pelajaran of an add form. */
export interface ClassValue {
  tingkat: string | null;
  rombongan_belajar_id: string | null;
  pembelajaran_id: string | null;
}
export const EMPTY_CLASS: ClassValue = { tingkat: null, rombongan_belajar_id: null, pembelajaran_id: null };

/**
 * The first fields of every "Tambah Data" form: read-only Tahun Pelajaran, then the caller's
 * class levels, classes and subjects (only Merdeka classes for CP, only K13 ones for KD).
 */
export function ClassFields({
  kind,
  value,
  onChange,
  errors,
  opened,
}: {
  kind?: KurikulumKind;
  value: ClassValue;
  onChange: (value: ClassValue) => void;
  errors: Record<string, string>;
  opened: boolean;
}) {
  const { t } = useTranslation();
  const { userData } = useSession();
  const options = useOptions(
    kind,
    value.tingkat ?? undefined,
    value.rombongan_belajar_id ?? undefined,
    opened,
  );
  const plain = (list: { value: string; label: string }[] | undefined) =>
    (list ?? []).map(({ value: v, label }) => ({ value: v, label }));
  return (
    <>
      <TextInput label={t('kurikulum.form.tahunPelajaran')} value={userData?.semester.nama ?? ''} readOnly />
      <Select
        label={t('kurikulum.form.tingkat')}
        placeholder={t('kurikulum.form.tingkatPlaceholder')}
        data={options.data?.tingkat ?? []}
        value={value.tingkat}
        onChange={(v) => onChange({ tingkat: v, rombongan_belajar_id: null, pembelajaran_id: null })}
        error={errors.tingkat}
        comboboxProps={DROPDOWN}
        nothingFoundMessage={t('kurikulum.form.empty')}
        data-testid="form-tingkat"
      />
      <Select
        label={t('kurikulum.form.rombel')}
        placeholder={t('kurikulum.form.rombelPlaceholder')}
        data={value.tingkat ? plain(options.data?.rombel) : []}
        value={value.rombongan_belajar_id}
        onChange={(v) => onChange({ ...value, rombongan_belajar_id: v, pembelajaran_id: null })}
        error={errors.rombongan_belajar_id}
        comboboxProps={DROPDOWN}
        searchable
        nothingFoundMessage={t('kurikulum.form.empty')}
        data-testid="form-rombel"
      />
      <Select
        label={t('kurikulum.form.mapel')}
        placeholder={t('kurikulum.form.mapelPlaceholder')}
        data={value.rombongan_belajar_id ? plain(options.data?.pembelajaran) : []}
        value={value.pembelajaran_id}
        onChange={(v) => onChange({ ...value, pembelajaran_id: v })}
        error={errors.pembelajaran_id}
        comboboxProps={DROPDOWN}
        searchable
        nothingFoundMessage={t('kurikulum.form.empty')}
        data-testid="form-mapel"
      />
    </>
  );
}
