import {
  type PdDetail,
  type PdUpdateInput,
  STATUS_DALAM_KELUARGA,
} from '@erapor/contract/referensi/peserta-didik';
import { Alert, Button, Group, Loader, Modal, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { httpErrorMessage, toHttpError } from '../../../../lib/http-errors';
import { serverText, useTranslation } from '../../../../lib/i18n';
import { toast } from '../../../../lib/toast';
import { getPd, PD_KEY, updatePd } from '../../api/peserta-didik-api';
import { formatDate } from './format';

/** The fields e-Rapor lets the school edit, in the order of the form. */
const EDITABLE = [
  'nik',
  'status',
  'anak_ke',
  'alamat',
  'rt',
  'rw',
  'desa_kelurahan',
  'kecamatan',
  'kode_pos',
  'no_telp',
  'diterima_kelas',
  'nama_ayah',
  'kerja_ayah',
  'nama_ibu',
  'kerja_ibu',
  'nama_wali',
  'alamat_wali',
  'telp_wali',
  'kerja_wali',
] as const;
type Field = (typeof EDITABLE)[number];
type Form = Record<Field, string>;

const SELECTS: Partial<Record<Field, 'pekerjaan' | 'status'>> = {
  status: 'status',
  kerja_ayah: 'pekerjaan',
  kerja_ibu: 'pekerjaan',
  kerja_wali: 'pekerjaan',
};

function formOf(d: PdDetail): Form {
  const out = {} as Form;
  for (const f of EDITABLE) {
    const v = d[f];
    out[f] = v === null || v === undefined ? '' : String(v);
  }
  return out;
}

/**
 * Detail of a pupil (reference-screens §6.3): read-only identity, editable family and address
 * fields. A failed save keeps everything typed on screen, with the server's message under each
 * field; a 409 (someone else saved first) says so and offers to load the newer data.
 */
export function PdDetailModal({
  pesertaDidikId,
  onClose,
}: {
  pesertaDidikId: string | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const detail = useQuery({
    queryKey: [...PD_KEY, 'detail', pesertaDidikId],
    queryFn: () => getPd(pesertaDidikId ?? ''),
    enabled: !!pesertaDidikId,
    // Never replace what is being typed by a background refetch; "reload" is explicit.
    refetchOnWindowFocus: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const [form, setForm] = useState<Form | null>(null);
  const [version, setVersion] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [conflict, setConflict] = useState(false);

  const data = detail.data?.data;
  useEffect(() => {
    if (data) {
      setForm(formOf(data));
      setVersion(data.updated_at);
      setErrors({});
      setFormError(null);
      setConflict(false);
    }
  }, [data]);

  const save = useMutation({
    mutationFn: (body: PdUpdateInput) => updatePd(pesertaDidikId ?? '', body),
    onSuccess: (res) => {
      setErrors({});
      setFormError(null);
      setConflict(false);
      qc.setQueryData([...PD_KEY, 'detail', pesertaDidikId], (old: typeof detail.data) =>
        old ? { ...old, data: res.data } : old,
      );
      void qc.invalidateQueries({ queryKey: [...PD_KEY, 'list'] });
      toast.success(t('referensi.pd.savedTitle'), serverText(res.message));
    },
    onError: (error) => {
      const e = toHttpError(error);
      setErrors(e.details);
      setConflict(e.status === 409);
      setFormError(Object.keys(e.details).length > 0 ? null : httpErrorMessage(error, t));
    },
  });

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!form) return;
    // The server is the judge of the values (status is one of the choices unless someone typed around the select).
    save.mutate({ ...form, status: form.status as PdUpdateInput['status'], updated_at: version });
  };
  const set = (f: Field, v: string) => setForm((old) => (old ? { ...old, [f]: v } : old));
  const canEdit = detail.data?.can_edit ?? false;
  const pekerjaan = detail.data?.pekerjaan ?? [];
  const statusOptions = STATUS_DALAM_KELUARGA.map((s) => ({ value: s, label: s }));

  const readOnly = (label: string, value: string | null | undefined) => (
    <TextInput label={label} value={value ?? ''} readOnly variant="filled" />
  );

  return (
    <Modal
      opened={!!pesertaDidikId}
      onClose={onClose}
      title={data?.nama ?? t('common.loading')}
      size="xl"
      data-testid="pd-detail"
    >
      {detail.isPending ? (
        <Group justify="center" p="xl">
          <Loader />
        </Group>
      ) : detail.isError ? (
        <Alert color="red">{httpErrorMessage(detail.error, t)}</Alert>
      ) : data && form ? (
        <form onSubmit={onSubmit} noValidate>
          <Stack>
            {conflict ? (
              <Alert color="orange" data-testid="pd-conflict">
                <Group justify="space-between">
                  <span>{toHttpError(save.error).message}</span>
                  <Button size="xs" variant="light" onClick={() => void detail.refetch()}>
                    {t('referensi.pd.reload')}
                  </Button>
                </Group>
              </Alert>
            ) : formError ? (
              <Alert color="red">{formError}</Alert>
            ) : null}
            <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
              {readOnly(t('referensi.pd.fields.nama'), data.nama)}
              {readOnly(t('referensi.pd.fields.no_induk'), data.no_induk)}
              {readOnly(t('referensi.pd.fields.nisn'), data.nisn)}
              {readOnly(t('referensi.pd.fields.jenis_kelamin'), data.jenis_kelamin)}
              {readOnly(t('referensi.pd.fields.tempat_lahir'), data.tempat_lahir)}
              {readOnly(t('referensi.pd.fields.tanggal_lahir'), formatDate(data.tanggal_lahir))}
              {readOnly(t('referensi.pd.fields.agama'), data.agama)}
              {readOnly(t('referensi.pd.fields.kelas'), data.kelas)}
              {readOnly(t('referensi.pd.fields.sekolah_asal'), data.sekolah_asal)}
              {readOnly(t('referensi.pd.fields.diterima'), formatDate(data.diterima))}
              {readOnly(t('referensi.pd.fields.email'), data.email)}
              {EDITABLE.map((f) => {
                const kind = SELECTS[f];
                const label = t(`referensi.pd.fields.${f}`);
                if (kind) {
                  return (
                    <Select
                      key={f}
                      label={label}
                      placeholder={t('referensi.pd.choose')}
                      data={kind === 'status' ? statusOptions : pekerjaan}
                      value={form[f] || null}
                      onChange={(v) => set(f, v ?? '')}
                      error={errors[f]}
                      disabled={!canEdit}
                      clearable
                      searchable
                      comboboxProps={{ zIndex: 400 }}
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
                    readOnly={!canEdit}
                    inputMode={f === 'anak_ke' || f === 'nik' || f === 'kode_pos' ? 'numeric' : undefined}
                  />
                );
              })}
            </SimpleGrid>
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                {t('common.close')}
              </Button>
              {canEdit ? (
                <Button type="submit" loading={save.isPending} data-testid="pd-save">
                  {t('referensi.pd.update')}
                </Button>
              ) : null}
            </Group>
          </Stack>
        </form>
      ) : null}
    </Modal>
  );
}
