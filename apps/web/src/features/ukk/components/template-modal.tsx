import { UKK_PREDIKAT_SCHEMES, type UkkPredikatScheme } from '@erapor/contract/ukk/rules';
import { type TemplateSaveInput, templateSaveSchema } from '@erapor/contract/ukk/template';
import {
  Alert,
  Button,
  Group,
  Loader,
  Modal,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  TextInput,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { issuesOf } from '../../../lib/form-issues';
import { httpErrorMessage, toHttpError } from '../../../lib/http-errors';
import { serverText, useTranslation } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { getTemplate, resetTemplate, saveTemplate, UKK_KEY } from '../api/paket-api';
import { ConfirmDialog, DROPDOWN, Z } from './ui';

const TEXT_FIELDS = [
  'judul_id',
  'judul_en',
  'tempat',
  'penandatangan_nama',
  'penandatangan_nip',
  'penandatangan_jabatan',
] as const;

/**
 * Template Sertifikat (issue #13 item 8), from the packages screen: the certificate's title lines,
 * validity years, place, signatory and predicate scheme. An empty field prints the default (shown
 * as its placeholder); "Kembalikan ke bawaan" clears every choice after a confirm.
 */
export function TemplateModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const q = useQuery({ queryKey: [...UKK_KEY, 'template'], queryFn: getTemplate, enabled: opened });
  const [draft, setDraft] = useState<Record<string, string>>({});
  const [masa, setMasa] = useState<number | string>('');
  const [scheme, setScheme] = useState<UkkPredikatScheme | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [refused, setRefused] = useState<string | null>(null);
  const [confirmReset, setConfirmReset] = useState(false);
  useEffect(() => {
    const d = q.data?.template;
    if (!d || !opened) return;
    setDraft(Object.fromEntries(TEXT_FIELDS.map((f) => [f, d[f] ?? ''])));
    setMasa(d.masa_berlaku ?? '');
    setScheme(d.predikat_scheme);
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
  });
  const submit = () => {
    const check = templateSaveSchema.safeParse(body());
    if (!check.success) {
      setErrors(issuesOf(check.error.issues));
      return;
    }
    save.mutate(body());
  };
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
          </SimpleGrid>
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
