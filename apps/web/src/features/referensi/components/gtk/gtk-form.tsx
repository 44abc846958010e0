import type { GtkField, GtkInput, GtkOptions, LocalGtkKind } from '@erapor/contract/referensi/gtk';
import { Select, SimpleGrid, TextInput } from '@mantine/core';
import { TanggalInput } from '../../../../components/date-fields';
import { useTranslation } from '../../../../lib/i18n';
import { DROPDOWN } from './confirm-dialog';

/** Label key of each input field (also the grid's column headers). */
export const FIELD_LABEL: Record<GtkField, string> = {
  nama: 'referensi.gtk.fields.nama',
  nuptk: 'referensi.gtk.fields.nuptk',
  nip: 'referensi.gtk.fields.nip',
  nik: 'referensi.gtk.fields.nik',
  jenis_kelamin: 'referensi.gtk.fields.jenisKelamin',
  tempat_lahir: 'referensi.gtk.fields.tempatLahir',
  tanggal_lahir: 'referensi.gtk.fields.tanggalLahir',
  agama_id: 'referensi.gtk.fields.agama',
  alamat: 'referensi.gtk.fields.alamat',
  rt: 'referensi.gtk.fields.rt',
  rw: 'referensi.gtk.fields.rw',
  desa_kelurahan: 'referensi.gtk.fields.desa',
  kecamatan: 'referensi.gtk.fields.kecamatan',
  kode_pos: 'referensi.gtk.fields.kodePos',
  no_hp: 'referensi.gtk.fields.noHp',
  email: 'referensi.gtk.fields.email',
  dudi_id: 'referensi.gtk.fields.dudi',
};

const TEXT_FIELDS = [
  'nama',
  'nuptk',
  'nip',
  'nik',
  'tempat_lahir',
  'alamat',
  'rt',
  'rw',
  'desa_kelurahan',
  'kecamatan',
  'kode_pos',
  'no_hp',
  'email',
] as const;

/** The instruktur / asesor form: every field with the server's (or the contract's) message under it. */
export function GtkForm({
  kind,
  value,
  onChange,
  errors,
  options,
}: {
  kind: LocalGtkKind;
  value: GtkInput;
  onChange: (next: GtkInput) => void;
  errors: Partial<Record<string, string>>;
  options: GtkOptions | undefined;
}) {
  const { t } = useTranslation();
  const set = <K extends GtkField>(field: K, v: GtkInput[K]) => onChange({ ...value, [field]: v });
  const text = (field: (typeof TEXT_FIELDS)[number]) => (
    <TextInput
      key={field}
      name={field}
      label={t(FIELD_LABEL[field])}
      value={value[field]}
      error={errors[field]}
      required={['nama', 'nik', 'tempat_lahir', 'email'].includes(field)}
      inputMode={['nik', 'nuptk', 'nip', 'rt', 'rw', 'kode_pos'].includes(field) ? 'numeric' : undefined}
      onChange={(e) => set(field, e.currentTarget.value)}
    />
  );
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" data-testid="gtk-form">
      {text('nama')}
      {text('nik')}
      {text('nuptk')}
      {text('nip')}
      <Select
        comboboxProps={DROPDOWN}
        name="jenis_kelamin"
        label={t(FIELD_LABEL.jenis_kelamin)}
        required
        placeholder={t('referensi.gtk.choose')}
        data={[
          { value: 'L', label: t('referensi.gtk.sex.L') },
          { value: 'P', label: t('referensi.gtk.sex.P') },
        ]}
        value={value.jenis_kelamin || null}
        error={errors.jenis_kelamin}
        onChange={(v) => set('jenis_kelamin', v ?? '')}
      />
      {text('tempat_lahir')}
      <TanggalInput
        name="tanggal_lahir"
        label={t(FIELD_LABEL.tanggal_lahir)}
        required
        value={value.tanggal_lahir}
        error={errors.tanggal_lahir}
        onChange={(v) => set('tanggal_lahir', v)}
      />
      <Select
        comboboxProps={DROPDOWN}
        name="agama_id"
        label={t(FIELD_LABEL.agama_id)}
        required
        placeholder={t('referensi.gtk.choose')}
        data={(options?.agama ?? []).map((a) => ({ value: String(a.value), label: a.label }))}
        value={value.agama_id === null ? null : String(value.agama_id)}
        error={errors.agama_id}
        onChange={(v) => set('agama_id', v ? Number(v) : null)}
      />
      {kind === 'asesor' ? (
        <Select
          comboboxProps={DROPDOWN}
          name="dudi_id"
          label={t(FIELD_LABEL.dudi_id)}
          required
          searchable
          placeholder={t('referensi.gtk.choose')}
          data={options?.dudi ?? []}
          value={value.dudi_id}
          error={errors.dudi_id}
          onChange={(v) => set('dudi_id', v)}
        />
      ) : null}
      {text('email')}
      {text('alamat')}
      {text('rt')}
      {text('rw')}
      {text('desa_kelurahan')}
      {text('kecamatan')}
      {text('kode_pos')}
      {text('no_hp')}
    </SimpleGrid>
  );
}
