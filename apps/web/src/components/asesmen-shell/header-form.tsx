import type { MapelPickerResponse } from '@erapor/contract/penilaian/asesmen';
import { TINGKAT } from '@erapor/contract/referensi/peserta-didik';
import { Select, SimpleGrid, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n';
import { ASESMEN_KEY, getMapelPicker, getRombelPicker } from '../../lib/pilihan-api';
import { useSession } from '../../lib/session';

/** The header form's choices; each one clears those after it (reference-screens §7). */
export interface HeaderValue {
  tingkat: string | null;
  jenis_rombel: string | null;
  rombongan_belajar_id: string | null;
  pembelajaran_id: string | null;
}
export const EMPTY_HEADER: HeaderValue = {
  tingkat: null,
  jenis_rombel: null,
  rombongan_belajar_id: null,
  pembelajaran_id: null,
};

/** Above the layout's fixed sidebar and navbar (z-index 1030–1040). */
const DROPDOWN = { zIndex: 1300 } as const;

export function useMapelPicker(rombelId: string | null) {
  return useQuery({
    queryKey: [...ASESMEN_KEY, 'mapel', rombelId],
    queryFn: () => getMapelPicker(rombelId ?? ''),
    enabled: !!rombelId,
  });
}

export function useRombelPicker(tingkat: string | null, jenisRombel: string | null) {
  return useQuery({
    queryKey: [...ASESMEN_KEY, 'rombel', tingkat, jenisRombel],
    queryFn: () => getRombelPicker(tingkat ?? '', jenisRombel ?? ''),
    enabled: !!tingkat && !!jenisRombel,
  });
}

export const JENIS_ROMBEL = ['1', '16'] as const;

/**
 * The grade-entry header form: Tahun Pelajaran (read-only) → Tingkat Kelas → Jenis Rombongan
 * Belajar → Rombongan Belajar → Mata Pelajaran, then the screen's own fields (`children`).
 * The server offers only the classes and subjects the caller teaches (and a wali kelas their
 * own class, read-only). `onChange` receives the whole new value (the screen keeps it in the
 * URL; unsaved grades are held by the grid's guard).
 */
export function HeaderForm({
  value,
  onChange,
  rombel,
  mapel,
  children,
}: {
  value: HeaderValue;
  onChange: (value: HeaderValue) => void;
  rombel: readonly { rombongan_belajar_id: string; nama: string }[] | undefined;
  mapel: MapelPickerResponse | undefined;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const { userData } = useSession();
  const mapelLabel = (p: MapelPickerResponse['data'][number]) =>
    [
      p.induk ? `${p.induk} › ${p.nama_mata_pelajaran}` : p.nama_mata_pelajaran,
      p.can_edit ? '' : t('penilaian.asesmen.header.readOnly'),
    ]
      .filter(Boolean)
      .join(' ');
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm" data-testid="header-form">
      <TextInput
        label={t('penilaian.asesmen.header.tahunPelajaran')}
        value={userData?.semester.nama ?? ''}
        readOnly
      />
      <Select
        label={t('penilaian.asesmen.header.tingkat')}
        placeholder={t('penilaian.asesmen.header.choose')}
        data={TINGKAT.map((n) => ({ value: String(n), label: t('penilaian.asesmen.header.kelas', { n }) }))}
        value={value.tingkat}
        onChange={(v) => onChange({ ...EMPTY_HEADER, tingkat: v })}
        comboboxProps={DROPDOWN}
        data-testid="header-tingkat"
      />
      <Select
        label={t('penilaian.asesmen.header.jenisRombel')}
        placeholder={t('penilaian.asesmen.header.choose')}
        data={[
          { value: '1', label: t('penilaian.asesmen.header.reguler') },
          { value: '16', label: t('penilaian.asesmen.header.pilihan') },
        ]}
        value={value.jenis_rombel}
        onChange={(v) => onChange({ ...EMPTY_HEADER, tingkat: value.tingkat, jenis_rombel: v })}
        disabled={!value.tingkat}
        comboboxProps={DROPDOWN}
        data-testid="header-jenis-rombel"
      />
      <Select
        label={t('penilaian.asesmen.header.rombel')}
        placeholder={t('penilaian.asesmen.header.choose')}
        data={(rombel ?? []).map((r) => ({ value: r.rombongan_belajar_id, label: r.nama }))}
        value={value.rombongan_belajar_id}
        onChange={(v) => onChange({ ...value, rombongan_belajar_id: v, pembelajaran_id: null })}
        disabled={!value.jenis_rombel}
        searchable
        nothingFoundMessage={t('penilaian.asesmen.header.empty')}
        comboboxProps={DROPDOWN}
        data-testid="header-rombel"
      />
      <Select
        label={t('penilaian.asesmen.header.mapel')}
        placeholder={t('penilaian.asesmen.header.choose')}
        data={(value.rombongan_belajar_id ? (mapel?.data ?? []) : []).map((p) => ({
          value: p.pembelajaran_id,
          label: mapelLabel(p),
        }))}
        value={value.pembelajaran_id}
        onChange={(v) => onChange({ ...value, pembelajaran_id: v })}
        disabled={!value.rombongan_belajar_id}
        searchable
        nothingFoundMessage={t('penilaian.asesmen.header.empty')}
        comboboxProps={DROPDOWN}
        data-testid="header-mapel"
      />
      {children}
    </SimpleGrid>
  );
}
