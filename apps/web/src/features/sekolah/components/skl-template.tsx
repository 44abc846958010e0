import {
  KODE_NOMOR,
  KODE_TEKS,
  SKL_TEKS_FIELDS,
  type SklTemplateResponse,
  type SklTemplateSaveInput,
  sklTemplateSaveSchema,
} from '@erapor/contract/cetak/skl';
import {
  Alert,
  Button,
  Card,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { TanggalInput } from '../../../components/date-fields';
import { issuesOf } from '../../../lib/form-issues';
import { tanggal } from '../../../lib/format';
import { httpErrorMessage, toHttpError } from '../../../lib/http-errors';
import { serverText, useTranslation } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { getSklTemplate, openSklPratinjau, resetSklTemplate, SKL_KEY, saveSklTemplate } from '../api/skl-api';

interface Draft {
  judul: string;
  pembuka: string;
  pernyataan: string;
  penutup: string;
  pola_nomor: string;
  tanggal_lulus: string;
  tampilkan_nilai: boolean;
}

function draftOf(d: SklTemplateResponse): Draft {
  const t = d.template;
  return {
    judul: t.judul ?? '',
    pembuka: t.pembuka ?? '',
    pernyataan: t.pernyataan ?? '',
    penutup: t.penutup ?? '',
    pola_nomor: t.pola_nomor ?? '',
    tanggal_lulus: t.tanggal_lulus ?? '',
    tampilkan_nilai: t.tampilkan_nilai ?? d.bawaan.tampilkan_nilai,
  };
}

const codes = (list: readonly string[]) => list.map((k) => `{${k}}`).join(', ');

/**
 * Surat Keterangan Lulus in Pengaturan Umum (issue #15 item 4; decision 047): the letter's fixed
 * wording, the number pattern, the graduation date and whether the final grades are listed. An
 * empty field prints the default (shown as its placeholder); the form is checked by the contract's
 * schema before sending, so a wrong code is named under its field; "Pratinjau" opens a sample letter
 * of the form as it stands; "Kembalikan ke bawaan" clears every choice after a confirm (the numbers
 * already given stay given).
 */
export function SklTemplateCard() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const q = useQuery({ queryKey: SKL_KEY, queryFn: getSklTemplate });
  // null: the stored template as loaded (what was typed replaces it until a reset).
  const [typed, setTyped] = useState<Draft | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [refused, setRefused] = useState<string | null>(null);
  const [confirmReset, setConfirmReset] = useState(false);

  const done = (r: { message: string }) => {
    toast.success(serverText(r.message));
    setErrors({});
    setRefused(null);
    setConfirmReset(false);
    setTyped(null);
    void qc.invalidateQueries({ queryKey: SKL_KEY });
  };
  const failed = (e: unknown) => {
    const err = toHttpError(e);
    setErrors(err.details);
    setRefused(Object.keys(err.details).length > 0 ? null : httpErrorMessage(e, t));
    setConfirmReset(false);
  };
  const save = useMutation({ mutationFn: saveSklTemplate, onSuccess: done, onError: failed });
  const reset = useMutation({ mutationFn: resetSklTemplate, onSuccess: done, onError: failed });
  const pratinjau = useMutation({
    mutationFn: openSklPratinjau,
    onSuccess: () => setErrors({}),
    onError: failed,
  });

  if (q.isError) return <Alert color="red">{httpErrorMessage(q.error, t)}</Alert>;
  if (!q.data) return <Loader size="sm" />;
  const draft = typed ?? draftOf(q.data);
  const bawaan = q.data.bawaan;
  const checked = (): SklTemplateSaveInput | null => {
    const body: SklTemplateSaveInput = { ...draft };
    const check = sklTemplateSaveSchema.safeParse(body);
    if (!check.success) {
      setErrors(issuesOf(check.error.issues));
      return null;
    }
    setErrors({});
    return body;
  };
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setTyped({ ...draft, [key]: value });

  return (
    <Card withBorder radius="md" padding="lg" data-testid="skl-template">
      <Stack gap="sm">
        <Title order={5}>{t('sekolah.skl.title')}</Title>
        <Text size="sm" c="dimmed">
          {t('sekolah.skl.hint')}
        </Text>
        {refused ? (
          <Alert color="red" data-testid="skl-error">
            {refused}
          </Alert>
        ) : null}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t('sekolah.skl.pola_nomor')}
            description={t('sekolah.skl.polaHint', { kode: codes(KODE_NOMOR) })}
            placeholder={bawaan.pola_nomor}
            value={draft.pola_nomor}
            onChange={(e) => set('pola_nomor', e.currentTarget.value)}
            error={errors.pola_nomor}
            data-testid="skl-pola_nomor"
          />
          <TanggalInput
            label={t('sekolah.skl.tanggal_lulus')}
            description={
              bawaan.tanggal_lulus
                ? t('sekolah.skl.tanggalBawaan', { tanggal: tanggal(bawaan.tanggal_lulus) })
                : t('sekolah.skl.tanggalKosong')
            }
            value={draft.tanggal_lulus}
            onChange={(v) => set('tanggal_lulus', v)}
            error={errors.tanggal_lulus}
            data-testid="skl-tanggal_lulus"
          />
        </SimpleGrid>
        <Text size="xs" c="dimmed" data-testid="skl-nomor-terakhir">
          {t('sekolah.skl.nomorTerakhir', { n: q.data.nomor_terakhir })}
        </Text>
        <Switch
          label={t('sekolah.skl.tampilkan_nilai')}
          description={t('sekolah.skl.tampilkanNilaiHint')}
          checked={draft.tampilkan_nilai}
          onChange={(e) => set('tampilkan_nilai', e.currentTarget.checked)}
          data-testid="skl-tampilkan_nilai"
        />
        <Text size="xs" c="dimmed">
          {t('sekolah.skl.teksHint', { kode: codes(KODE_TEKS) })}
        </Text>
        {SKL_TEKS_FIELDS.map((f) =>
          f === 'judul' ? (
            <TextInput
              key={f}
              label={t(`sekolah.skl.${f}`)}
              placeholder={bawaan[f]}
              value={draft[f]}
              onChange={(e) => set(f, e.currentTarget.value)}
              error={errors[f]}
              data-testid={`skl-${f}`}
            />
          ) : (
            <Textarea
              key={f}
              label={t(`sekolah.skl.${f}`)}
              placeholder={bawaan[f]}
              rows={3}
              value={draft[f]}
              onChange={(e) => set(f, e.currentTarget.value)}
              error={errors[f]}
              data-testid={`skl-${f}`}
            />
          ),
        )}
        <Group justify="space-between">
          <Button color="red" variant="light" onClick={() => setConfirmReset(true)} data-testid="skl-reset">
            {t('sekolah.skl.reset')}
          </Button>
          <Group>
            <Button
              variant="light"
              loading={pratinjau.isPending}
              onClick={() => {
                const b = checked();
                if (b) pratinjau.mutate(b);
              }}
              data-testid="skl-pratinjau"
            >
              {t('sekolah.skl.pratinjau')}
            </Button>
            <Button
              loading={save.isPending}
              onClick={() => {
                const b = checked();
                if (b) save.mutate(b);
              }}
              data-testid="skl-simpan"
            >
              {t('sekolah.skl.simpan')}
            </Button>
          </Group>
        </Group>
      </Stack>
      <ConfirmDialog
        text={confirmReset ? t('sekolah.skl.confirmReset') : null}
        busy={reset.isPending}
        onConfirm={() => reset.mutate()}
        onCancel={() => setConfirmReset(false)}
      />
    </Card>
  );
}
