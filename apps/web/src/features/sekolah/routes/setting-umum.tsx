import {
  IDENTITAS_PEGAWAI,
  type IdentitasPegawai,
  JABATAN_KEPALA_SEKOLAH,
  SETTING_MESSAGES,
  type SettingsResponse,
  SUMBER_DAPODIK,
  tempatRapor,
  type UpdateSettingsRequest,
  ZONA_WAKTU,
} from '@erapor/contract/sekolah';
import {
  Alert,
  Button,
  Card,
  FileInput,
  Grid,
  Image,
  Loader,
  MultiSelect,
  PasswordInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { TanggalInput } from '../../../components/date-fields';
import { ErrorAlert } from '../../../components/error-alert';
import { useAuthedImage } from '../../../components/use-authed-image';
import { httpErrorMessage, toHttpError } from '../../../lib/http-errors';
import { useTranslation } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { getSettings, SETTING_KEY, saveSettings } from '../api/setting-api';
import { logoProblem } from '../components/logo-check';
import { SklTemplateCard } from '../components/skl-template';

type Identity = UpdateSettingsRequest['sekolah'];
type Form = Omit<UpdateSettingsRequest, 'sekolah' | 'token_dapodik'> & {
  token_dapodik: string;
  sekolah: { [K in keyof Identity]-?: string };
};

const IDENTITY_FIELDS = [
  'nama',
  'nss',
  'alamat',
  'desa_kelurahan',
  'kecamatan',
  'kabupaten',
  'provinsi',
  'kode_pos',
  'no_telp',
  'email',
  'website',
] as const;

function formOf(s: SettingsResponse): Form {
  const sekolah = Object.fromEntries(
    IDENTITY_FIELDS.map((f) => [f, (s.sekolah[f] as string | null) ?? '']),
  ) as Form['sekolah'];
  return {
    periode_aktif: s.periode_aktif ?? '',
    tanggal_rapor: s.tanggal_rapor ?? '',
    tanggal_rapor_kelas_akhir: s.tanggal_rapor_kelas_akhir ?? '',
    tanggal_rapor_pts: s.tanggal_rapor_pts ?? '',
    kepala_sekolah: s.kepala_sekolah,
    jabatan: (s.jabatan ?? '') as Form['jabatan'],
    zona: (s.zona ?? '') as Form['zona'],
    rombel_4_tahun: s.rombel_4_tahun,
    tempat_rapor: s.tempat_rapor ?? '',
    identitas_pegawai: s.identitas_pegawai,
    url_dapodik: s.url_dapodik ?? '',
    token_dapodik: '',
    sumber_dapodik: s.sumber_dapodik,
    rilis_nilai_siswa: s.rilis_nilai_siswa,
    kontak_teman_sekelas: s.kontak_teman_sekelas,
    sekolah,
  };
}

/**
 * Pengaturan Umum (/setting/umum): reference-screens §5.1, and under it the Surat Keterangan Lulus
 * template (decision 047) with its own save: the letter's template is school-wide, the form per semester.
 */
export default function Screen() {
  return (
    <Stack gap="lg">
      <SettingUmum />
      <SklTemplateCard />
    </Stack>
  );
}

function SettingUmum() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const query = useQuery({ queryKey: SETTING_KEY, queryFn: getSettings });
  const [form, setForm] = useState<Form | null>(null);
  const [logo, setLogo] = useState<File | null>(null);
  const [logoError, setLogoError] = useState<string | null>(null);
  const data = query.data;
  // Filled once from the server; a background refetch never overwrites what the user typed.
  useEffect(() => {
    if (data) setForm((f) => f ?? formOf(data));
  }, [data]);
  const logoSrc = useAuthedImage(data?.sekolah.logo_url);
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => {
    if (!logo) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(logo);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [logo]);

  const save = useMutation({
    mutationFn: (f: Form) =>
      saveSettings({ ...f, token_dapodik: f.token_dapodik === '' ? undefined : f.token_dapodik }, logo),
    onSuccess: (saved) => {
      qc.setQueryData(SETTING_KEY, saved);
      setForm(formOf(saved));
      setLogo(null);
      toast.success(SETTING_MESSAGES.saved);
    },
  });
  const errors = save.error ? toHttpError(save.error).details : {};
  const formError = save.error && Object.keys(errors).length === 0 ? httpErrorMessage(save.error, t) : null;

  if (query.isPending) return <Loader />;
  if (query.isError || !data || !form) {
    return <ErrorAlert title={t('sekolah.setting.loadFailed')} error={query.error} />;
  }
  const set = <K extends keyof Form>(key: K, value: Form[K]) =>
    setForm((f) => (f ? { ...f, [key]: value } : f));
  const setId = (key: keyof Form['sekolah'], value: string) =>
    setForm((f) => (f ? { ...f, sekolah: { ...f.sekolah, [key]: value } } : f));
  const genap = data.semesters.find((s) => s.semester_id === data.semester_id)?.semester === 2;

  return (
    <form
      data-testid="setting-form"
      onSubmit={(e) => {
        e.preventDefault();
        if (logoError) return;
        save.mutate(form);
      }}
    >
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Card withBorder radius="md" padding="lg">
            <Stack gap="sm">
              {formError ? (
                <Alert color="red" data-testid="setting-error">
                  {formError}
                </Alert>
              ) : null}
              <Select
                label={t('sekolah.setting.periodeAktif')}
                placeholder="== Pilih Periode Aktif =="
                data={data.semesters.map((s) => ({ value: s.semester_id, label: s.nama }))}
                value={form.periode_aktif || null}
                onChange={(v) => set('periode_aktif', v ?? '')}
                error={errors.periode_aktif}
                allowDeselect={false}
                searchable
              />
              <SimpleGrid cols={{ base: 1, sm: 3 }}>
                <TanggalInput
                  label={t('sekolah.setting.tanggalRaporPts')}
                  value={form.tanggal_rapor_pts ?? ''}
                  onChange={(v) => set('tanggal_rapor_pts', v)}
                  error={errors.tanggal_rapor_pts}
                />
                <TanggalInput
                  label={t('sekolah.setting.tanggalRapor')}
                  value={form.tanggal_rapor ?? ''}
                  onChange={(v) => set('tanggal_rapor', v)}
                  error={errors.tanggal_rapor}
                />
                <TanggalInput
                  label={t('sekolah.setting.tanggalRaporKelasAkhir')}
                  description={genap ? undefined : t('sekolah.setting.kelasAkhirHint')}
                  value={form.tanggal_rapor_kelas_akhir ?? ''}
                  onChange={(v) => set('tanggal_rapor_kelas_akhir', v)}
                  error={errors.tanggal_rapor_kelas_akhir}
                />
              </SimpleGrid>
              <Select
                label={t('sekolah.setting.zona')}
                data={ZONA_WAKTU.map((z) => ({ value: z.value, label: z.label }))}
                value={form.zona || null}
                onChange={(v) => set('zona', (v ?? '') as Form['zona'])}
                error={errors.zona}
                allowDeselect={false}
              />
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <Select
                  label={t('sekolah.setting.kepalaSekolah')}
                  placeholder="== Pilih Kepala Sekolah =="
                  data={data.guru_options}
                  value={form.kepala_sekolah ?? null}
                  onChange={(v) => set('kepala_sekolah', v)}
                  error={errors.kepala_sekolah}
                  searchable
                  clearable
                />
                <Select
                  label={t('sekolah.setting.jabatan')}
                  data={JABATAN_KEPALA_SEKOLAH.map((j) => ({ value: j.value, label: j.label }))}
                  value={form.jabatan || null}
                  onChange={(v) => set('jabatan', (v ?? '') as Form['jabatan'])}
                  error={errors.jabatan}
                  allowDeselect={false}
                />
              </SimpleGrid>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput
                  label={t('sekolah.setting.tempatRapor')}
                  description={t('sekolah.setting.tempatRaporHint')}
                  placeholder={tempatRapor(null, form.sekolah.kabupaten)}
                  value={form.tempat_rapor ?? ''}
                  onChange={(e) => set('tempat_rapor', e.currentTarget.value)}
                  error={errors.tempat_rapor}
                  data-testid="tempat-rapor"
                />
                <Select
                  label={t('sekolah.setting.identitasPegawai')}
                  description={t('sekolah.setting.identitasPegawaiHint')}
                  data={IDENTITAS_PEGAWAI.map((i) => ({ value: i.value, label: i.label }))}
                  value={form.identitas_pegawai ?? 'nip'}
                  onChange={(v) => set('identitas_pegawai', (v ?? 'nip') as IdentitasPegawai)}
                  error={errors.identitas_pegawai}
                  allowDeselect={false}
                />
              </SimpleGrid>
              <MultiSelect
                label={t('sekolah.setting.rombel4Tahun')}
                data={data.rombel_options}
                value={form.rombel_4_tahun ?? []}
                onChange={(v) => set('rombel_4_tahun', v)}
                error={errors.rombel_4_tahun}
                searchable
                clearable
              />
              <Switch
                label={t('sekolah.setting.rilisNilaiSiswa')}
                description={t('sekolah.setting.rilisNilaiSiswaHint')}
                checked={form.rilis_nilai_siswa ?? false}
                onChange={(e) => set('rilis_nilai_siswa', e.currentTarget.checked)}
                error={errors.rilis_nilai_siswa}
                data-testid="rilis-nilai-siswa"
              />
              <Switch
                label={t('sekolah.setting.kontakTemanSekelas')}
                description={t('sekolah.setting.kontakTemanSekelasHint')}
                checked={form.kontak_teman_sekelas ?? false}
                onChange={(e) => set('kontak_teman_sekelas', e.currentTarget.checked)}
                error={errors.kontak_teman_sekelas}
                data-testid="kontak-teman-sekelas"
              />
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput
                  label={t('sekolah.setting.urlDapodik')}
                  placeholder="http://192.168.1.10:5774"
                  value={form.url_dapodik ?? ''}
                  onChange={(e) => set('url_dapodik', e.currentTarget.value)}
                  error={errors.url_dapodik}
                />
                <PasswordInput
                  label={t('sekolah.setting.tokenDapodik')}
                  placeholder={data.token_dapodik_tersimpan ? t('sekolah.setting.tokenStored') : ''}
                  description={data.token_dapodik_tersimpan ? t('sekolah.setting.tokenReplace') : undefined}
                  value={form.token_dapodik}
                  onChange={(e) => set('token_dapodik', e.currentTarget.value)}
                  error={errors.token_dapodik}
                  autoComplete="off"
                  data-testid="token-dapodik"
                />
              </SimpleGrid>
              <Select
                label={t('sekolah.setting.sumberDapodik')}
                description={t('sekolah.setting.sumberDapodikHelp')}
                data={SUMBER_DAPODIK.map((value) => ({ value, label: t(`sekolah.setting.sumber.${value}`) }))}
                value={form.sumber_dapodik ?? 'auto'}
                onChange={(v) => set('sumber_dapodik', (v ?? 'auto') as Form['sumber_dapodik'])}
                error={errors.sumber_dapodik}
                allowDeselect={false}
                data-testid="sumber-dapodik"
              />
              <Title order={5} mt="md">
                {t('sekolah.setting.identity')}
              </Title>
              <TextInput label="NPSN" value={data.sekolah.npsn} readOnly variant="filled" />
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                {IDENTITY_FIELDS.map((f) => (
                  <TextInput
                    key={f}
                    label={t(`sekolah.setting.fields.${f}`)}
                    value={form.sekolah[f]}
                    onChange={(e) => setId(f, e.currentTarget.value)}
                    error={errors[`sekolah.${f}`]}
                  />
                ))}
              </SimpleGrid>
            </Stack>
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Card withBorder radius="md" padding="lg" pos="sticky" top={80}>
            <Stack gap="sm">
              <Title order={5}>{t('sekolah.setting.logo')}</Title>
              {preview || logoSrc ? (
                <Image
                  src={preview ?? logoSrc}
                  alt={t('sekolah.setting.logo')}
                  fit="contain"
                  h={160}
                  data-testid="logo-preview"
                />
              ) : (
                <Text c="dimmed" size="sm">
                  {t('sekolah.setting.noLogo')}
                </Text>
              )}
              <FileInput
                label={t('sekolah.setting.chooseLogo')}
                description={t('sekolah.setting.logoHint')}
                accept="image/png,image/jpeg"
                value={logo}
                clearable
                onChange={(file) => {
                  setLogo(file);
                  setLogoError(logoProblem(file));
                }}
                error={logoError ?? errors.logo}
                data-testid="logo-input"
              />
              {/* Up here rather than under the long form: the sticky footer never covers it. */}
              <Button
                type="submit"
                loading={save.isPending}
                disabled={!!logoError}
                data-testid="setting-save"
                mt="md"
              >
                {t('sekolah.setting.save')}
              </Button>
            </Stack>
          </Card>
        </Grid.Col>
      </Grid>
    </form>
  );
}
