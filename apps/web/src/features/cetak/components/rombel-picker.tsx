import { Group, Select, TextInput } from '@mantine/core';
import { type ReactNode, useMemo } from 'react';
import { useKnownChoice } from '../../../components/known-choice';
import { useTranslation } from '../../../lib/i18n';
import { useSession } from '../../../lib/session';
import { useView, type ViewKey } from '../../../lib/view-search';

/** A class the caller may print or download, as the server lists it. */
export interface PickerKelas {
  value: string;
  label: string;
  tingkat: number;
}

export type PickerMode = 'wali' | 'waka';

export interface RombelPick {
  mode: PickerMode;
  /** The class shown: the URL's if the caller may have it; the wali's first class by default. */
  chosen: string | null;
  /** The Waka's tingkat from the URL once known (null while unchosen or dropped). */
  tingkat: string | null;
  tingkatOptions: { value: string; label: string }[];
  rombelOptions: PickerKelas[];
  setTingkat: (value: string | null) => void;
  setRombel: (value: string | null) => void;
}

const TINGKAT_CLEARS: readonly ViewKey[] = ['rombel'];

/**
 * The choice of class on the print and ledger pages, kept in the URL (decision 025):
 * - `wali`: `?kelas=` among the wali's own classes (a picker only for the rare wali of two);
 * - `waka` (Waka, admin): `?tingkat=` → `?rombel=`; changing the tingkat drops the rombel.
 * A value in the URL the caller may not choose is dropped once the list has loaded.
 */
export function useRombelPick(mode: PickerMode, kelas: readonly PickerKelas[] | undefined): RombelPick {
  const { t } = useTranslation();
  const [view, setView] = useView();
  const tingkatOptions = useMemo(
    () =>
      [...new Set((kelas ?? []).map((k) => k.tingkat))].map((v) => ({
        value: String(v),
        label: t('cetak.pilih.tingkatLabel', { tingkat: v }),
      })),
    [kelas, t],
  );
  const rombelOptions = useMemo(
    () => (kelas ?? []).filter((k) => mode === 'wali' || String(k.tingkat) === view.tingkat),
    [kelas, mode, view.tingkat],
  );
  const key = mode === 'wali' ? 'kelas' : 'rombel';
  const chosenRaw = (mode === 'wali' ? view.kelas : view.rombel) ?? null;
  const tingkatKnown = useKnownChoice(
    'tingkat',
    mode === 'waka' ? view.tingkat : undefined,
    kelas ? tingkatOptions.map((o) => o.value) : undefined,
    setView,
    TINGKAT_CLEARS,
  );
  const chosenKnown = useKnownChoice(
    key,
    chosenRaw,
    kelas && tingkatKnown ? rombelOptions.map((o) => o.value) : undefined,
    setView,
  );
  return {
    mode,
    chosen: (chosenKnown ? chosenRaw : null) ?? (mode === 'wali' ? (rombelOptions[0]?.value ?? null) : null),
    tingkat: tingkatKnown ? (view.tingkat ?? null) : null,
    tingkatOptions,
    rombelOptions,
    setTingkat: (v) => setView({ tingkat: v, rombel: null }),
    setRombel: (v) => setView({ [key]: v }),
  };
}

/**
 * Tahun Pelajaran (the login's semester), for the Waka Tingkat, then Rombongan Belajar; `children`
 * (a page's own button) follow on the same line. Test ids `{testId}-tingkat`, `{testId}-rombel`.
 */
export function RombelPicker(props: { pick: RombelPick; testId: string; children?: ReactNode }) {
  const { t } = useTranslation();
  const { userData } = useSession();
  const { pick } = props;
  return (
    <Group align="end" gap="sm" wrap="wrap">
      <TextInput
        label={t('cetak.pilih.tahunPelajaran')}
        value={userData?.semester.nama ?? ''}
        readOnly
        w={200}
      />
      {pick.mode === 'waka' ? (
        <Select
          label={t('cetak.pilih.tingkat')}
          placeholder={t('cetak.pilih.tingkatPlaceholder')}
          data={pick.tingkatOptions}
          value={pick.tingkat}
          onChange={pick.setTingkat}
          w={180}
          data-testid={`${props.testId}-tingkat`}
        />
      ) : null}
      <Select
        label={t('cetak.pilih.rombel')}
        placeholder={t('cetak.pilih.rombelPlaceholder')}
        data={pick.rombelOptions}
        value={pick.chosen}
        onChange={pick.setRombel}
        allowDeselect={false}
        disabled={pick.mode === 'waka' ? !pick.tingkat : pick.rombelOptions.length < 2}
        searchable
        w={300}
        data-testid={`${props.testId}-rombel`}
      />
      {props.children}
    </Group>
  );
}
