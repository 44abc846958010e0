import { UKK_PREDIKAT_SCHEMES, type UkkPredikatScheme } from '@erapor/contract/ukk/rules';
import {
  LATAR_MAX_BYTES,
  TEMPLATE_LOGO,
  TEMPLATE_MESSAGES,
  type TemplateLogo,
  type TemplateSaveInput,
  templateSaveSchema,
} from '@erapor/contract/ukk/template';
import {
  Alert,
  Button,
  FileInput,
  Group,
  Loader,
  Modal,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { issuesOf } from '../../../lib/form-issues';
import { httpErrorMessage, toHttpError } from '../../../lib/http-errors';
import { serverText, useTranslation } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import {
  getTemplate,
  openPratinjau,
  removeLatar,
  resetTemplate,
  saveTemplate,
  UKK_KEY,
  uploadLatar,
} from '../api/paket-api';
import { ConfirmDialog, DROPDOWN, Z } from './ui';

const TEXT_FIELDS = [
  'judul_id',
  'judul_en',
  'tempat',
  'penandatangan_nama',
  'penandatangan_nip',
  'penandatangan_jabatan',
] as const;

/** What the browser can tell of a background before sending it (the server checks the header). */
function latarProblem(file: File | null): string | null {
  if (!file) return null;
  if (!/\.(png|jpe?g)$/i.test(file.name)) return TEMPLATE_MESSAGES.latarType;
  if (file.size > LATAR_MAX_BYTES) return TEMPLATE_MESSAGES.latarSize;
  return null;
}

/**
 * Template Sertifikat (issue #13 item 8), from the packages screen: the certificate's title lines,
 * validity years, place, signatory, predicate scheme, emblem (school logo or Tut Wuri Handayani),
 * background image and the programmes' English names. An empty field prints the default (shown as
 * its placeholder); "Pratinjau" opens a sample certificate of the form as it stands; "Kembalikan ke
 * bawaan" clears every choice after a confirm. The background is stored as soon as it is chosen.
 */
export function TemplateModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const q = useQuery({ queryKey: [...UKK_KEY, 'template'], queryFn: getTemplate, enabled: opened });
  const [draft, setDraft] = useState<Record<string, string>>({});
  const [masa, setMasa] = useState<number | string>('');
  const [scheme, setScheme] = useState<UkkPredikatScheme | null>(null);
  const [logo, setLogo] = useState<TemplateLogo | null>(null);
  const [names, setNames] = useState<Record<string, string>>({});
  const [latar, setLatar] = useState<File | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [refused, setRefused] = useState<string | null>(null);
  const [confirmReset, setConfirmReset] = useState(false);
  useEffect(() => {
    const d = q.data?.template;
    if (!d || !opened) return;
    setDraft(Object.fromEntries(TEXT_FIELDS.map((f) => [f, d[f] ?? ''])));
    setMasa(d.masa_berlaku ?? '');
    setScheme(d.predikat_scheme);
    setLogo(d.logo);
    setNames(d.jurusan_en ?? {});
    setLatar(null);
    setErrors({});
    setRefused(null);
  }, [q.data, opened]);
  const done = (r: { message: string }) => {
    toast.success(serverText(r.message));
    void qc.invalidateQueries({ queryKey: [...UKK_KEY, 'template'] });
    setConfirmReset(false);
    onClose();
  };
  const failed = (e: unknown) => {
    const err = toHttpError(e);
    setErrors(err.details);
    setRefused(Object.keys(err.details).length > 0 ? null : httpErrorMessage(e, t));
    setConfirmReset(false);
  };
  const save = useMutation({ mutationFn: saveTemplate, onSuccess: done, onError: failed });
  const reset = useMutation({ mutationFn: resetTemplate, onSuccess: done, onError: failed });
  const body = (): TemplateSaveInput => ({
    ...Object.fromEntries(TEXT_FIELDS.map((f) => [f, draft[f] ?? ''])),
    masa_berlaku: masa === '' ? null : Number(masa),
    predikat_scheme: scheme,
    logo,
    jurusan_en: names,
  });
  const checked = (): TemplateSaveInput | null => {
    const check = templateSaveSchema.safeParse(body());
    if (!check.success) {
      setErrors(issuesOf(check.error.issues));
      return null;
    }
    return body();
  };
  const submit = () => {
    const b = checked();
    if (b) save.mutate(b);
  };
  const pratinjau = useMutation({
    mutationFn: openPratinjau,
    onSuccess: () => setErrors({}),
    onError: failed,
  });
  const latarDone = (r: { message: string }) => {
    toast.success(serverText(r.message));
    setLatar(null);
    setErrors((e) => ({ ...e, latar: '' }));
    void qc.invalidateQueries({ queryKey: [...UKK_KEY, 'template'] });
  };
  const latarFailed = (e: unknown) => {
    const err = toHttpError(e);
    setErrors((prev) => ({ ...prev, latar: err.details.latar ?? httpErrorMessage(e, t) }));
  };
  const sendLatar = useMutation({ mutationFn: uploadLatar, onSuccess: latarDone, onError: latarFailed });
  const dropLatar = useMutation({ mutationFn: removeLatar, onSuccess: latarDone, onError: latarFailed });
  const bawaan = q.data?.bawaan;
  const label = (f: string) => t(`ukk.template.${f}`);
  return (
    <Modal opened={opened} onClose={onClose} title={t('ukk.template.title')} size="xl" zIndex={Z.modal}>
      {!q.data ? (
        q.isError ? (
          <Alert color="red">{httpErrorMessage(q.error, t)}</Alert>
        ) : (
          <Loader size="sm" />
        )
      ) : (
        <Stack data-testid="template-form">
          {refused ? <Alert color="red">{refused}</Alert> : null}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {TEXT_FIELDS.map((f) => (
              <TextInput
                key={f}
                label={label(f)}
                placeholder={
                  f === 'penandatangan_nip'
                    ? ''
                    : String((bawaan as Record<string, unknown> | undefined)?.[f] ?? '')
                }
                value={draft[f] ?? ''}
                onChange={(e) => setDraft({ ...draft, [f]: e.currentTarget.value })}
                error={errors[f]}
                data-testid={`template-${f}`}
              />
            ))}
            <NumberInput
              label={label('masa_berlaku')}
              placeholder={String(bawaan?.masa_berlaku ?? '')}
              value={masa}
              onChange={setMasa}
              min={1}
              max={10}
              allowDecimal={false}
              error={errors.masa_berlaku}
              data-testid="template-masa"
            />
            <Select
              label={label('predikat_scheme')}
              placeholder={t('ukk.template.scheme_dua')}
              data={UKK_PREDIKAT_SCHEMES.map((s) => ({ value: s, label: t(`ukk.template.scheme_${s}`) }))}
              value={scheme}
              onChange={(v) => setScheme(v as UkkPredikatScheme | null)}
              error={errors.predikat_scheme}
              comboboxProps={DROPDOWN}
              clearable
              data-testid="template-scheme"
            />
            <Select
              label={label('logo')}
              placeholder={t('ukk.template.logo_sekolah')}
              data={TEMPLATE_LOGO.map((l) => ({ value: l, label: t(`ukk.template.logo_${l}`) }))}
              value={logo}
              onChange={(v) => setLogo(v as TemplateLogo | null)}
              error={errors.logo}
              comboboxProps={DROPDOWN}
              clearable
              data-testid="template-logo"
            />
            <Stack gap={4}>
              <FileInput
                label={label('latar')}
                description={
                  q.data.template.latar ? t('ukk.template.latarStored') : t('ukk.template.latarHint')
                }
                accept="image/png,image/jpeg"
                value={latar}
                clearable
                onChange={(file) => {
                  setLatar(file);
                  const problem = latarProblem(file);
                  setErrors((e) => ({ ...e, latar: problem ?? '' }));
                  if (file && !problem) sendLatar.mutate(file);
                }}
                error={errors.latar || undefined}
                disabled={sendLatar.isPending}
                data-testid="template-latar"
              />
              {q.data.template.latar ? (
                <Button
                  size="compact-sm"
                  variant="subtle"
                  color="red"
                  loading={dropLatar.isPending}
                  onClick={() => dropLatar.mutate()}
                  data-testid="template-latar-hapus"
                >
                  {t('ukk.template.latarHapus')}
                </Button>
              ) : null}
            </Stack>
          </SimpleGrid>
          {q.data.jurusan.length > 0 ? (
            <Stack gap="xs">
              <Title order={5}>{t('ukk.template.jurusanEn')}</Title>
              <Text size="sm" c="dimmed">
                {t('ukk.template.jurusanEnHint')}
              </Text>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                {q.data.jurusan.map((j) => (
                  <TextInput
                    key={j.jurusan_id}
                    label={j.nama}
                    placeholder={j.nama}
                    value={names[j.jurusan_id] ?? ''}
                    onChange={(e) => setNames({ ...names, [j.jurusan_id]: e.currentTarget.value })}
                    error={errors[`jurusan_en.${j.jurusan_id}`]}
                    data-testid={`template-jurusan-en-${j.jurusan_id}`}
                  />
                ))}
              </SimpleGrid>
            </Stack>
          ) : null}
          <Group justify="space-between">
            <Button
              color="red"
              variant="light"
              onClick={() => setConfirmReset(true)}
              data-testid="template-reset"
            >
              {t('ukk.template.reset')}
            </Button>
            <Group>
              <Button variant="default" onClick={onClose}>
                {t('ukk.paket.batal')}
              </Button>
              <Button
                variant="light"
                loading={pratinjau.isPending}
                onClick={() => {
                  const b = checked();
                  if (b) pratinjau.mutate(b);
                }}
                data-testid="template-pratinjau"
              >
                {t('ukk.template.pratinjau')}
              </Button>
              <Button onClick={submit} loading={save.isPending} data-testid="template-simpan">
                {t('ukk.paket.simpan')}
              </Button>
            </Group>
          </Group>
        </Stack>
      )}
      <ConfirmDialog
        text={confirmReset ? t('ukk.template.confirmReset') : null}
        busy={reset.isPending}
        onConfirm={() => reset.mutate()}
        onCancel={() => setConfirmReset(false)}
      />
    </Modal>
  );
}
