import { type RencanaPklSaveInput, rencanaPklSaveSchema } from '@erapor/contract/pkl/perencanaan';
import { TINGKAT } from '@erapor/contract/referensi/peserta-didik';
import {
  Alert,
  Anchor,
  Autocomplete,
  Button,
  Checkbox,
  Group,
  Loader,
  Modal,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { TanggalInput } from '../../../components/date-fields';
import { issuesOf } from '../../../lib/form-issues';
import { httpErrorMessage, toHttpError } from '../../../lib/http-errors';
import { serverText, useTranslation } from '../../../lib/i18n';
import { scoreLossToConfirm } from '../../../lib/score-loss';
import { useSession } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { createRencana, getPilihan, getRencana, PKL_KEY, updateRencana } from '../api/pkl-api';
import { ConfirmDialog, type ConfirmState, DROPDOWN, Z } from './ui';

export type FormTarget = { mode: 'add' } | { mode: 'edit'; pklId: string };

interface Draft {
  tingkat: string | null;
  rombel: string | null;
  dudi: string | null;
  pks: string | null;
  mulai: string;
  selesai: string;
  instruktur: string;
  nip: string;
  tps: string[];
  updatedAt?: string;
}
const EMPTY: Draft = {
  tingkat: null,
  rombel: null,
  dudi: null,
  pks: null,
  mulai: '',
  selesai: '',
  instruktur: '',
  nip: '',
  tps: [],
};

/**
 * "Tambah / Edit Perencanaan Penilaian PKL" (reference-screens §10.1): Tingkat Kelas → Rombongan
 * Belajar (classes where the teacher teaches PKL) → DUDI → PKS (those they supervise holding pupils
 * of the class) → dates → Instruktur (suggested from Referensi Instruktur) → NIP → the TPs mapped to
 * their PKL subject. The same checks as the server run first (contract schema); a refused save
 * keeps the typing. An edit that would remove stored scores asks, naming how many.
 */
export function RencanaFormModal({ target, onClose }: { target: FormTarget | null; onClose: () => void }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const { userData } = useSession();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [refused, setRefused] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<ConfirmState | null>(null);
  const opened = target !== null;
  const editId = target?.mode === 'edit' ? target.pklId : null;

  const existing = useQuery({
    queryKey: [...PKL_KEY, 'rencana', editId],
    queryFn: () => getRencana(editId ?? ''),
    enabled: editId !== null,
  });
  // Opening: an empty form, or the plan being edited.
  useEffect(() => {
    setErrors({});
    setRefused(null);
    if (!target) return;
    if (target.mode === 'add') setDraft(EMPTY);
  }, [target]);
  useEffect(() => {
    const d = existing.data;
    if (!d || !editId) return;
    setDraft({
      tingkat: String(d.tingkat),
      rombel: d.rombongan_belajar_id,
      dudi: d.dudi_id,
      pks: d.akt_pd_id,
      mulai: d.tanggal_mulai,
      selesai: d.tanggal_selesai,
      instruktur: d.instruktur,
      nip: d.nip ?? '',
      tps: d.tp.map((x) => x.tp_id),
      updatedAt: d.updated_at,
    });
  }, [existing.data, editId]);

  const pilihan = useQuery({
    queryKey: [...PKL_KEY, 'pilihan', draft.tingkat, draft.rombel, draft.dudi],
    queryFn: () =>
      getPilihan({
        tingkat: draft.tingkat ? Number(draft.tingkat) : undefined,
        rombongan_belajar_id: draft.rombel ?? undefined,
        dudi_id: draft.dudi ?? undefined,
      }),
    enabled: opened,
    placeholderData: keepPreviousData,
  });
  const options = pilihan.data;
  const pks = options?.pks.find((p) => p.value === draft.pks);

  const set = (patch: Partial<Draft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    setErrors((e) => {
      const next = { ...e };
      for (const k of Object.keys(patch)) delete next[FIELD_OF[k as keyof Draft] ?? k];
      return next;
    });
  };

  const body = (konfirmasi?: number): RencanaPklSaveInput => ({
    rombongan_belajar_id: draft.rombel ?? '',
    dudi_id: draft.dudi ?? '',
    akt_pd_id: draft.pks ?? '',
    tanggal_mulai: draft.mulai,
    tanggal_selesai: draft.selesai,
    instruktur: draft.instruktur,
    nip: draft.nip,
    tp_ids: draft.tps,
    ...(konfirmasi === undefined ? {} : { konfirmasi_hapus_nilai: konfirmasi }),
    ...(draft.updatedAt ? { updated_at: draft.updatedAt } : {}),
  });

  const save = useMutation({
    mutationFn: (konfirmasi?: number) =>
      editId ? updateRencana(editId, body(konfirmasi)) : createRencana(body(konfirmasi)),
    onSuccess: (r) => {
      toast.success(serverText(r.message));
      void qc.invalidateQueries({ queryKey: PKL_KEY });
      setConfirm(null);
      onClose();
    },
    onError: (e, konfirmasi) => {
      const ask = scoreLossToConfirm(e, konfirmasi);
      if (ask) {
        setConfirm({ text: ask.text, onYes: () => save.mutate(ask.jumlah) });
        return;
      }
      const err = toHttpError(e);
      setConfirm(null);
      const fields = Object.keys(err.details).length > 0;
      setErrors(err.details);
      setRefused(fields ? null : httpErrorMessage(e, t));
    },
  });

  const submit = () => {
    const check = rencanaPklSaveSchema.safeParse(body());
    if (!check.success) {
      setErrors(issuesOf(check.error.issues));
      setRefused(null);
      return;
    }
    setRefused(null);
    save.mutate(undefined);
  };

  const loading = editId !== null && !existing.data;
  const instrukturNames = [...new Set((options?.instruktur ?? []).map((i) => i.nama))];

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t(editId ? 'pkl.perencanaan.editTitle' : 'pkl.perencanaan.addTitle')}
      size="lg"
      zIndex={Z.modal}
    >
      {loading ? (
        <Group justify="center" p="lg">
          <Loader size="sm" />
          <Text size="sm">{t('pkl.perencanaan.memuat')}</Text>
        </Group>
      ) : (
        <Stack data-testid="rencana-form">
          {refused ? (
            <Alert color="red" data-testid="form-error">
              {refused}
            </Alert>
          ) : null}
          <TextInput
            label={t('pkl.perencanaan.tahunPelajaran')}
            value={userData?.semester.nama ?? ''}
            readOnly
          />
          <Select
            label={t('pkl.perencanaan.tingkat')}
            placeholder={t('pkl.perencanaan.pilihTingkat')}
            data={TINGKAT.map((n) => ({
              value: String(n),
              label: t('pkl.perencanaan.tingkatOption', { n }),
            }))}
            value={draft.tingkat}
            onChange={(v) => set({ tingkat: v, rombel: null, dudi: null, pks: null, tps: [] })}
            comboboxProps={DROPDOWN}
            data-testid="rencana-tingkat"
          />
          <Select
            label={t('pkl.perencanaan.rombel')}
            placeholder={t('pkl.perencanaan.pilihRombel')}
            data={options?.rombel ?? []}
            value={draft.rombel}
            onChange={(v) => set({ rombel: v, dudi: null, pks: null, tps: [] })}
            error={errors.rombongan_belajar_id}
            nothingFoundMessage={t('pkl.perencanaan.kosong')}
            comboboxProps={DROPDOWN}
            disabled={!draft.tingkat}
            data-testid="rencana-rombel"
          />
          <Select
            label={t('pkl.perencanaan.dudi')}
            placeholder={t('pkl.perencanaan.pilihDudi')}
            data={options?.dudi ?? []}
            value={draft.dudi}
            onChange={(v) => set({ dudi: v, pks: null })}
            error={errors.dudi_id}
            nothingFoundMessage={t('pkl.perencanaan.kosong')}
            comboboxProps={DROPDOWN}
            disabled={!draft.rombel}
            data-testid="rencana-dudi"
          />
          <Select
            label={t('pkl.perencanaan.pksLabel')}
            placeholder={t('pkl.perencanaan.pilihPks')}
            data={(options?.pks ?? []).map(({ value, label }) => ({ value, label }))}
            value={draft.pks}
            onChange={(v) => set({ pks: v })}
            error={errors.akt_pd_id}
            description={pks ? t('pkl.perencanaan.pesertaHint', { n: pks.jml_peserta }) : undefined}
            nothingFoundMessage={t('pkl.perencanaan.kosong')}
            comboboxProps={DROPDOWN}
            disabled={!draft.dudi}
            data-testid="rencana-pks"
          />
          <Group grow align="start">
            <TanggalInput
              label={t('pkl.perencanaan.mulai')}
              value={draft.mulai}
              onChange={(v) => set({ mulai: v })}
              error={errors.tanggal_mulai}
              data-testid="rencana-mulai"
            />
            <TanggalInput
              label={t('pkl.perencanaan.selesai')}
              value={draft.selesai}
              onChange={(v) => set({ selesai: v })}
              error={errors.tanggal_selesai}
              data-testid="rencana-selesai"
            />
          </Group>
          <Autocomplete
            label={t('pkl.perencanaan.instruktur')}
            placeholder={t('pkl.perencanaan.instrukturPlaceholder')}
            data={instrukturNames}
            value={draft.instruktur}
            onChange={(v) => {
              const known = options?.instruktur.find((i) => i.nama === v);
              set(known?.nip && !draft.nip ? { instruktur: v, nip: known.nip } : { instruktur: v });
            }}
            error={errors.instruktur}
            comboboxProps={DROPDOWN}
            data-testid="rencana-instruktur"
          />
          <TextInput
            label={t('pkl.perencanaan.nip')}
            placeholder={t('pkl.perencanaan.nipPlaceholder')}
            value={draft.nip}
            onChange={(e) => set({ nip: e.currentTarget.value })}
            error={errors.nip}
            data-testid="rencana-nip"
          />
          <TpChoice
            rombelChosen={!!draft.rombel}
            options={options?.tp ?? []}
            value={draft.tps}
            onChange={(tps) => set({ tps })}
            error={errors.tp_ids}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('pkl.perencanaan.tutup')}
            </Button>
            <Button onClick={submit} loading={save.isPending} data-testid="rencana-simpan">
              {t(editId ? 'pkl.perencanaan.perbaharui' : 'pkl.perencanaan.simpan')}
            </Button>
          </Group>
        </Stack>
      )}
      <ConfirmDialog state={confirm} busy={save.isPending} onCancel={() => setConfirm(null)} />
    </Modal>
  );
}

/** Which request field a draft field's message is under. */
const FIELD_OF: Partial<Record<keyof Draft, string>> = {
  rombel: 'rombongan_belajar_id',
  dudi: 'dudi_id',
  pks: 'akt_pd_id',
  mulai: 'tanggal_mulai',
  selesai: 'tanggal_selesai',
  tps: 'tp_ids',
};

function TpChoice({
  rombelChosen,
  options,
  value,
  onChange,
  error,
}: {
  rombelChosen: boolean;
  options: readonly { value: string; label: string }[];
  value: string[];
  onChange: (v: string[]) => void;
  error?: string;
}) {
  const { t } = useTranslation();
  if (!rombelChosen) {
    return (
      <Stack gap={4}>
        <Text size="sm" fw={500}>
          {t('pkl.perencanaan.tp')}
        </Text>
        <Text size="sm" c="dimmed">
          {t('pkl.perencanaan.tpPilihRombel')}
        </Text>
        {error ? (
          <Text size="sm" c="red" data-testid="rencana-tp-error">
            {error}
          </Text>
        ) : null}
      </Stack>
    );
  }
  if (options.length === 0) {
    return (
      <Alert color="yellow" title={t('pkl.perencanaan.tp')} data-testid="rencana-no-tp">
        <Text size="sm">{t('pkl.perencanaan.noTp')}</Text>
        <Anchor component={Link} to="/referensi/tujuan-pembelajaran" size="sm">
          {t('pkl.perencanaan.noTpLink')}
        </Anchor>
        {error ? (
          <Text size="sm" c="red" mt="xs" data-testid="rencana-tp-error">
            {error}
          </Text>
        ) : null}
      </Alert>
    );
  }
  return (
    <Checkbox.Group
      label={t('pkl.perencanaan.tp')}
      value={value}
      onChange={onChange}
      error={error}
      data-testid="rencana-tp"
    >
      <Stack gap={6} mt={6}>
        {options.map((o) => (
          <Checkbox key={o.value} value={o.value} label={o.label} />
        ))}
      </Stack>
    </Checkbox.Group>
  );
}
