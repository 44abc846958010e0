import { semesterDateRange } from '@erapor/contract/penilaian/sikap';
import {
  Alert,
  Button,
  Card,
  Group,
  Loader,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useRouterState } from '@tanstack/react-router';
import { useEffect, useMemo, useState } from 'react';
import { TanggalInput } from '../../../../components/date-fields';
import { ErrorAlert } from '../../../../components/error-alert';
import { httpErrorMessage, toHttpError } from '../../../../lib/http-errors';
import { useTranslation } from '../../../../lib/i18n';
import { useSession } from '../../../../lib/session';
import { toast } from '../../../../lib/toast';
import {
  createSikap,
  getSikap,
  getSikapPesertaDidik,
  getSikapReferensi,
  getSikapRombel,
  SIKAP_KEY,
  updateSikap,
} from '../../api/sikap-api';
import { ReferensiTable } from './referensi-table';
import {
  EMPTY_FORM,
  formErrors,
  formOfDetail,
  type SikapFormValues,
  toCreateInput,
} from './sikap-form-state';

const LIST_PATH = '/penilaian/sikap';

/** Today in the browser's calendar (YYYY-MM-DD), the upper bound of the date picker. */
function browserToday(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/**
 * Tambah / edit Penilaian Sikap (reference-screens §7.6). `?id=` edits an existing note: the pupil
 * is then shown read-only. Field messages come from the contract before sending and from the
 * server after; what the user typed stays on screen on every failure.
 */
export function SikapForm() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const { userData } = useSession();
  const id = useRouterState({ select: (s) => new URLSearchParams(s.location.searchStr).get('id') ?? '' });
  const mode = id ? 'edit' : 'create';
  const [values, setValues] = useState<SikapFormValues>(EMPTY_FORM);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [refused, setRefused] = useState<string | null>(null);

  const referensi = useQuery({ queryKey: [...SIKAP_KEY, 'referensi'], queryFn: getSikapReferensi });
  const rombels = useQuery({ queryKey: [...SIKAP_KEY, 'rombel'], queryFn: getSikapRombel });
  const detail = useQuery({
    queryKey: [...SIKAP_KEY, 'detail', id],
    queryFn: () => getSikap(id),
    enabled: !!id,
  });
  const pd = useQuery({
    queryKey: [...SIKAP_KEY, 'pd', values.rombongan_belajar_id],
    queryFn: () => getSikapPesertaDidik(values.rombongan_belajar_id ?? ''),
    enabled: mode === 'create' && !!values.rombongan_belajar_id,
  });

  // Editing: the stored note fills the form once it has loaded.
  useEffect(() => {
    if (detail.data) setValues(formOfDetail(detail.data));
  }, [detail.data]);

  const set = <K extends keyof SikapFormValues>(
    field: K,
    value: SikapFormValues[K],
    clear: (keyof SikapFormValues)[] = [],
  ) => {
    setValues((v) => ({ ...v, [field]: value, ...Object.fromEntries(clear.map((c) => [c, null])) }));
    setErrors((e) => {
      const next = { ...e };
      for (const k of [field, ...clear]) delete next[k];
      return next;
    });
    setRefused(null);
  };

  const tingkatOptions = useMemo(
    () =>
      [...new Set((rombels.data ?? []).map((r) => r.tingkat))]
        .sort((a, b) => a - b)
        .map((n) => ({ value: String(n), label: t('penilaian.sikap.form.tingkatOption', { n }) })),
    [rombels.data, t],
  );
  const rombelOptions = (rombels.data ?? [])
    .filter((r) => String(r.tingkat) === values.tingkat)
    .map((r) => ({ value: r.rombongan_belajar_id, label: r.nama }));
  const dimensi = referensi.data?.dimensi ?? [];
  const elemenOptions = (dimensi.find((d) => String(d.dimensi_id) === values.dimensi_id)?.elemen ?? []).map(
    (e) => ({
      value: String(e.elemen_id),
      label: e.nama,
    }),
  );
  const rombelId = mode === 'edit' ? detail.data?.rombongan_belajar_id : values.rombongan_belajar_id;
  const closed =
    refused ?? rombels.data?.find((r) => r.rombongan_belajar_id === rombelId)?.penilaian_tertutup ?? null;
  const range = userData ? semesterDateRange(userData.semester.semester_id) : null;
  const today = browserToday();

  const save = useMutation({
    mutationFn: () =>
      mode === 'create'
        ? createSikap(toCreateInput(values))
        : updateSikap(id, { ...toCreateInput(values), updated_at: detail.data?.updated_at ?? '' }),
    onSuccess: (r) => {
      toast.success(r.message);
      void qc.invalidateQueries({ queryKey: SIKAP_KEY });
      void navigate({ to: LIST_PATH });
    },
    onError: (e) => {
      const err = toHttpError(e);
      if (err.status === 423) setRefused(err.message);
      setErrors(err.details);
      toast.error(httpErrorMessage(e, t));
    },
  });

  const submit = () => {
    const found = formErrors(values, mode);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      toast.error(t('penilaian.sikap.form.checkFields'));
      return;
    }
    save.mutate();
  };

  if (mode === 'edit' && detail.isError) {
    return (
      <ErrorAlert
        data-testid="sikap-load-error"
        title={t('penilaian.sikap.form.loadFailed')}
        error={detail.error}
      />
    );
  }
  if (mode === 'edit' && !detail.data) return <Loader />;
  const readOnly = mode === 'edit' && !detail.data?.can_edit;

  return (
    <Stack gap="lg">
      <ReferensiTable referensi={referensi.data} />
      <Card withBorder radius="md" padding="lg" data-testid="sikap-form">
        <Stack gap="sm">
          {mode === 'create' && rombels.data && rombels.data.length === 0 ? (
            <Alert color="yellow">{t('penilaian.sikap.form.noRombel')}</Alert>
          ) : null}
          {readOnly ? <Alert color="yellow">{t('penilaian.sikap.form.readOnly')}</Alert> : null}
          {closed ? (
            <Alert color="red" data-testid="sikap-gate">
              {closed}
            </Alert>
          ) : null}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput
              label={t('penilaian.sikap.form.tahunPelajaran')}
              value={userData?.semester.nama ?? ''}
              readOnly
            />
            {mode === 'edit' && detail.data ? (
              <>
                <TextInput
                  label={t('penilaian.sikap.form.tingkat')}
                  value={t('penilaian.sikap.form.tingkatOption', { n: detail.data.tingkat })}
                  readOnly
                />
                <TextInput label={t('penilaian.sikap.form.rombel')} value={detail.data.kelas} readOnly />
                <TextInput
                  label={t('penilaian.sikap.form.pd')}
                  value={detail.data.nama}
                  readOnly
                  data-testid="sikap-pd-readonly"
                />
              </>
            ) : (
              <>
                <Select
                  label={t('penilaian.sikap.form.tingkat')}
                  placeholder={t('penilaian.sikap.form.choose')}
                  data={tingkatOptions}
                  value={values.tingkat}
                  error={errors.tingkat}
                  onChange={(v) => set('tingkat', v, ['rombongan_belajar_id', 'anggota_rombel_id'])}
                  required
                  data-testid="sikap-tingkat"
                />
                <Select
                  label={t('penilaian.sikap.form.rombel')}
                  placeholder={t('penilaian.sikap.form.choose')}
                  data={rombelOptions}
                  value={values.rombongan_belajar_id}
                  error={errors.rombongan_belajar_id}
                  onChange={(v) => set('rombongan_belajar_id', v, ['anggota_rombel_id'])}
                  disabled={!values.tingkat}
                  required
                  data-testid="sikap-rombel"
                />
                <Select
                  label={t('penilaian.sikap.form.pd')}
                  placeholder={t('penilaian.sikap.form.choose')}
                  data={(pd.data ?? []).map((p) => ({ value: p.anggota_rombel_id, label: p.nama }))}
                  value={values.anggota_rombel_id}
                  error={errors.anggota_rombel_id}
                  onChange={(v) => set('anggota_rombel_id', v)}
                  disabled={!values.rombongan_belajar_id}
                  searchable
                  required
                  nothingFoundMessage={t('penilaian.sikap.form.nothingFound')}
                  data-testid="sikap-pd"
                />
              </>
            )}
            <TanggalInput
              label={t('penilaian.sikap.form.tanggal')}
              value={values.tanggal}
              minDate={range?.awal}
              maxDate={range && range.akhir < today ? range.akhir : today}
              error={errors.tanggal}
              onChange={(v) => set('tanggal', v)}
              readOnly={readOnly}
              required
              data-testid="sikap-tanggal"
            />
            <Select
              label={t('penilaian.sikap.form.dimensi')}
              placeholder={t('penilaian.sikap.form.choose')}
              data={dimensi.map((d) => ({ value: String(d.dimensi_id), label: d.nama }))}
              value={values.dimensi_id}
              error={errors.dimensi_id}
              onChange={(v) => set('dimensi_id', v, ['elemen_id'])}
              readOnly={readOnly}
              required
              data-testid="sikap-dimensi"
            />
            <Select
              label={t('penilaian.sikap.form.elemen')}
              placeholder={t('penilaian.sikap.form.choose')}
              data={elemenOptions}
              value={values.elemen_id}
              error={errors.elemen_id}
              onChange={(v) => set('elemen_id', v)}
              disabled={!values.dimensi_id}
              readOnly={readOnly}
              required
              data-testid="sikap-elemen"
            />
            <Radio.Group
              label={t('penilaian.sikap.form.opsi')}
              value={values.opsi_id}
              onChange={(v) => !readOnly && set('opsi_id', v)}
              error={errors.opsi_id}
              required
              data-testid="sikap-opsi"
            >
              <Group mt={6}>
                {(referensi.data?.opsi ?? []).map((o) => (
                  <Radio key={o.value} value={String(o.value)} label={t(`penilaian.sikap.opsi.${o.value}`)} />
                ))}
              </Group>
            </Radio.Group>
          </SimpleGrid>
          <Textarea
            label={t('penilaian.sikap.form.uraian')}
            value={values.deskripsi}
            error={errors.deskripsi}
            onChange={(e) => set('deskripsi', e.currentTarget.value)}
            autosize
            minRows={3}
            readOnly={readOnly}
            required
            data-testid="sikap-uraian"
          />
          <Group justify="space-between">
            <Button variant="default" onClick={() => void navigate({ to: LIST_PATH })}>
              {t('penilaian.sikap.form.back')}
            </Button>
            {readOnly ? null : (
              <Button
                color="green"
                loading={save.isPending}
                disabled={!!closed}
                onClick={submit}
                data-testid="sikap-save"
              >
                {mode === 'create' ? t('penilaian.sikap.form.save') : t('penilaian.sikap.form.update')}
              </Button>
            )}
          </Group>
        </Stack>
      </Card>
    </Stack>
  );
}
