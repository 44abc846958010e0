import {
  BIODATA_FIELDS,
  type BiodataField,
  type BiodataUsulanInput,
  type Usulan,
} from '@erapor/contract/portal/biodata';
import { STATUS_DALAM_KELUARGA } from '@erapor/contract/referensi/peserta-didik';
import {
  Alert,
  Button,
  Group,
  List,
  Loader,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { ErrorAlert } from '../../../components/error-alert';
import { httpErrorMessage, toHttpError } from '../../../lib/http-errors';
import { serverText, useTranslation } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { getBiodata, PORTAL_KEY, proposeBiodata } from '../api/portal-api';

type Form = Record<BiodataField, string>;

/** Dates as the school's lists show them: DD-MM-YYYY. */
function tanggal(iso: string | null): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso ?? '');
  return m ? `${m[3]}-${m[2]}-${m[1]}` : '';
}

/**
 * Biodata (reference-screens §2.7, ProfileBiodata.vue): the pupil's data as the school records it;
 * the fields the reference lets a pupil correct are editable, and "Perbaharui" sends them as a
 * proposal — nothing recorded changes until the wali kelas or the administrator approves
 * (decision 046). A refused proposal keeps what was typed, with the server's message per field.
 */
export function BiodataTab() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const biodata = useQuery({
    queryKey: [...PORTAL_KEY, 'biodata'],
    queryFn: getBiodata,
    // What is being typed is never replaced by a background refetch.
    refetchOnWindowFocus: false,
  });
  const [form, setForm] = useState<Form | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const data = biodata.data?.data;
  useEffect(() => {
    if (!data) return;
    const out = {} as Form;
    for (const f of BIODATA_FIELDS) out[f] = data[f] === null ? '' : String(data[f]);
    setForm(out);
  }, [data]);

  const save = useMutation({
    // The server judges the values (status is one of the choices unless someone typed around the select).
    mutationFn: (body: Form) =>
      proposeBiodata({ ...body, status: body.status as BiodataUsulanInput['status'] }),
    onSuccess: (res) => {
      setErrors({});
      setFormError(null);
      toast.success(t('portal.biodata.sentTitle'), serverText(res.message));
      void qc.invalidateQueries({ queryKey: [...PORTAL_KEY, 'biodata'] });
    },
    onError: (error) => {
      const e = toHttpError(error);
      const fieldErrors = Object.fromEntries(Object.entries(e.details).filter(([k]) => k !== '_'));
      setErrors(fieldErrors);
      setFormError(Object.keys(fieldErrors).length > 0 ? null : httpErrorMessage(error, t));
    },
  });

  if (biodata.isError) return <ErrorAlert title={t('portal.loadFailed')} error={biodata.error} />;
  if (!biodata.data || !data || !form) return <Loader size="sm" />;
  const set = (f: BiodataField, v: string) => setForm((old) => (old ? { ...old, [f]: v } : old));
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(form);
  };
  const shown = (label: string, value: string | number | null | undefined, testId?: string) => (
    <TextInput label={label} value={value ?? ''} readOnly variant="filled" data-testid={testId} />
  );
  const field = (f: BiodataField) => {
    const label = t(`portal.fields.${f}`);
    if (f === 'status' || f === 'kerja_wali') {
      return (
        <Select
          key={f}
          label={label}
          placeholder={t('portal.biodata.choose')}
          data={
            f === 'status'
              ? STATUS_DALAM_KELUARGA.map((s) => ({ value: s, label: s }))
              : biodata.data.pekerjaan
          }
          value={form[f] || null}
          onChange={(v) => set(f, v ?? '')}
          error={errors[f]}
          clearable
          searchable
          data-testid={`biodata-${f}`}
        />
      );
    }
    return (
      <TextInput
        key={f}
        label={label}
        value={form[f]}
        onChange={(e) => set(f, e.currentTarget.value)}
        error={errors[f]}
        inputMode={f === 'anak_ke' ? 'numeric' : f === 'email' ? 'email' : undefined}
        data-testid={`biodata-${f}`}
      />
    );
  };
  return (
    <form onSubmit={onSubmit} noValidate data-testid="portal-biodata">
      <Stack gap="md">
        <UsulanStatus usulan={biodata.data.usulan} />
        {formError ? (
          <Alert color="red" data-testid="biodata-error">
            {formError}
          </Alert>
        ) : null}
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
          {shown(t('portal.fields.nama'), data.nama, 'biodata-nama')}
          {shown(t('portal.fields.no_induk'), data.no_induk)}
          {shown(t('portal.fields.nisn'), data.nisn, 'biodata-nisn')}
          {shown(t('portal.fields.nik'), data.nik)}
          {shown(t('portal.fields.jenis_kelamin'), data.jenis_kelamin)}
          {shown(t('portal.fields.tempat_lahir'), data.tempat_lahir, 'biodata-tempat-lahir')}
          {shown(t('portal.fields.tanggal_lahir'), tanggal(data.tanggal_lahir))}
          {shown(t('portal.fields.agama'), data.agama)}
          {shown(t('portal.fields.kelas'), data.kelas)}
          {shown(t('portal.fields.alamat'), data.alamat)}
          {shown(t('portal.fields.sekolah_asal'), data.sekolah_asal)}
          {shown(t('portal.fields.diterima'), tanggal(data.diterima))}
          {shown(t('portal.fields.nama_ayah'), data.nama_ayah)}
          {shown(t('portal.fields.nama_ibu'), data.nama_ibu)}
        </SimpleGrid>
        <Text fw={600}>{t('portal.biodata.editable')}</Text>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>{BIODATA_FIELDS.map(field)}</SimpleGrid>
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending} data-testid="biodata-perbaharui">
            {t('portal.biodata.perbaharui')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function UsulanStatus({ usulan }: { usulan: Usulan | null }) {
  const { t } = useTranslation();
  if (!usulan) return <Text c="dimmed">{t('portal.biodata.hint')}</Text>;
  const color = usulan.status === 'diajukan' ? 'yellow' : usulan.status === 'disetujui' ? 'green' : 'red';
  return (
    <Alert
      color={color}
      variant="light"
      title={t(`portal.biodata.status.${usulan.status}`)}
      data-testid="biodata-usulan"
      data-status={usulan.status}
    >
      <List size="sm">
        {usulan.perubahan.map((p) => (
          <List.Item key={p.field}>
            {t(`portal.fields.${p.field}`)}: {p.lama ?? '-'} → <b>{p.baru ?? '-'}</b>
          </List.Item>
        ))}
      </List>
      {usulan.diputuskan_oleh ? (
        <Text size="sm" mt="xs">
          {t('portal.biodata.decidedBy', { nama: usulan.diputuskan_oleh })}
          {usulan.alasan ? ` — ${usulan.alasan}` : ''}
        </Text>
      ) : null}
    </Alert>
  );
}
