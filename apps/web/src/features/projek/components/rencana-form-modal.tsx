import {
  type RencanaProjekCreate,
  rencanaProjekCreateSchema,
  rencanaProjekUpdateSchema,
  type SubElemenRow,
} from '@erapor/contract/projek/perencanaan';
import { TINGKAT } from '@erapor/contract/referensi/peserta-didik';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Loader,
  Modal,
  Select,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { SCROLL_X_AREA } from '../../../components/scroll-x';
import { issuesOf } from '../../../lib/form-issues';
import { httpErrorMessage, toHttpError } from '../../../lib/http-errors';
import { serverText, useTranslation } from '../../../lib/i18n';
import { scoreLossToConfirm } from '../../../lib/score-loss';
import { useSession } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import {
  createRencana,
  getPilihan,
  getRencana,
  getSubElemen,
  PROJEK_KEY,
  updateRencana,
} from '../api/projek-api';
import { ConfirmDialog, type ConfirmState, DROPDOWN, Z } from './ui';

export type FormTarget = { mode: 'add' } | { mode: 'edit'; id: string };

interface Draft {
  tingkat: string | null;
  rombel: string | null;
  tema: string | null;
  nama: string;
  deskripsi: string;
  noUrut: string;
  /** Chosen sub-elements (ref_p5_sub_elemen.no). */
  sub: number[];
  updatedAt?: string;
}
const EMPTY: Draft = {
  tingkat: null,
  rombel: null,
  tema: null,
  nama: '',
  deskripsi: '',
  noUrut: '',
  sub: [],
};

/** Which request field a draft field's message is under. */
const FIELD_OF: Partial<Record<keyof Draft, string>> = {
  rombel: 'rombongan_belajar_id',
  tema: 'pembelajaran_id',
  noUrut: 'no_urut',
  sub: 'sub_elemen',
};

/**
 * "Tambah / Edit Perencanaan P5" (reference-screens §8.1): Tahun Pelajaran, Tingkat → Rombongan
 * Belajar (classes whose P5 the caller teaches) → Tema (the class's P5 themes), Nama Projek,
 * Deskripsi Projek, Nomor Urut, and the checklist # | Dimensi | Elemen | Sub Elemen. An edit keeps
 * class and theme; dropping a scored sub-element asks first, naming how many scores go. The same
 * checks as the server run first (contract schema); a refused save keeps the typing.
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
  const editId = target?.mode === 'edit' ? target.id : null;

  const existing = useQuery({
    queryKey: [...PROJEK_KEY, 'rencana', editId],
    queryFn: () => getRencana(editId ?? ''),
    enabled: editId !== null,
  });
  useEffect(() => {
    setErrors({});
    setRefused(null);
    if (target?.mode === 'add') setDraft(EMPTY);
  }, [target]);
  useEffect(() => {
    const d = existing.data;
    if (!d || !editId) return;
    setDraft({
      tingkat: String(d.tingkat),
      rombel: d.rombongan_belajar_id,
      tema: d.pembelajaran_id,
      nama: d.nama,
      deskripsi: d.deskripsi,
      noUrut: String(d.no_urut),
      sub: d.sub_elemen.map((s) => s.sub_elemen),
      updatedAt: d.updated_at,
    });
  }, [existing.data, editId]);

  const pilihan = useQuery({
    queryKey: [...PROJEK_KEY, 'pilihan', draft.tingkat, draft.rombel],
    queryFn: () =>
      getPilihan({
        tingkat: draft.tingkat ? Number(draft.tingkat) : undefined,
        rombongan_belajar_id: draft.rombel ?? undefined,
      }),
    enabled: opened && editId === null,
    placeholderData: keepPreviousData,
  });
  const checklist = useQuery({
    queryKey: [...PROJEK_KEY, 'sub-elemen'],
    queryFn: getSubElemen,
    enabled: opened,
  });

  const set = (patch: Partial<Draft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    setErrors((e) => {
      const next = { ...e };
      for (const k of Object.keys(patch)) {
        const field = FIELD_OF[k as keyof Draft] ?? k;
        for (const key of Object.keys(next))
          if (key === field || key.startsWith(`${field}.`)) delete next[key];
      }
      return next;
    });
  };

  const rows = checklist.data?.data ?? [];
  const byNo = new Map(rows.map((r) => [r.sub_elemen, r]));
  const fields = () => ({
    nama: draft.nama,
    deskripsi: draft.deskripsi,
    no_urut: draft.noUrut.trim() === '' ? undefined : Number(draft.noUrut),
    sub_elemen: draft.sub.map((no) => ({ elemen: byNo.get(no)?.elemen ?? 0, sub_elemen: no })),
  });
  const createBody = () => ({
    rombongan_belajar_id: draft.rombel ?? '',
    pembelajaran_id: draft.tema ?? '',
    ...fields(),
  });
  const updateBody = (konfirmasi?: number) => ({
    ...fields(),
    ...(konfirmasi === undefined ? {} : { konfirmasi_hapus_nilai: konfirmasi }),
    ...(draft.updatedAt ? { updated_at: draft.updatedAt } : {}),
  });

  const save = useMutation({
    mutationFn: (konfirmasi?: number) =>
      editId
        ? updateRencana(editId, updateBody(konfirmasi))
        : createRencana(createBody() as RencanaProjekCreate),
    onSuccess: (r) => {
      toast.success(serverText(r.message));
      void qc.invalidateQueries({ queryKey: PROJEK_KEY });
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
      const hasFields = Object.keys(err.details).length > 0;
      setErrors(err.details);
      setRefused(hasFields ? null : httpErrorMessage(e, t));
    },
  });

  const submit = () => {
    const check = editId
      ? rencanaProjekUpdateSchema.safeParse(updateBody())
      : rencanaProjekCreateSchema.safeParse(createBody());
    if (!check.success) {
      setErrors(issuesOf(check.error.issues));
      setRefused(null);
      return;
    }
    setRefused(null);
    save.mutate(undefined);
  };

  const subError =
    errors.sub_elemen ?? Object.entries(errors).find(([k]) => k.startsWith('sub_elemen.'))?.[1] ?? undefined;
  const loading = editId !== null && !existing.data;
  const d = existing.data;

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t(editId ? 'projek.perencanaan.editTitle' : 'projek.perencanaan.addTitle')}
      size="xl"
      zIndex={Z.modal}
    >
      {loading ? (
        <Group justify="center" p="lg">
          <Loader size="sm" />
        </Group>
      ) : (
        <Stack data-testid="projek-form">
          {refused ? (
            <Alert color="red" data-testid="form-error">
              {refused}
            </Alert>
          ) : null}
          <TextInput
            label={t('projek.perencanaan.tahunPelajaran')}
            value={userData?.semester.nama ?? ''}
            readOnly
          />
          {editId && d ? (
            <Group grow>
              <TextInput label={t('projek.perencanaan.rombel')} value={d.kelas} readOnly />
              <TextInput label={t('projek.perencanaan.tema')} value={d.tema} readOnly />
            </Group>
          ) : (
            <>
              <Select
                label={t('projek.perencanaan.tingkat')}
                placeholder={t('projek.perencanaan.pilihTingkat')}
                data={TINGKAT.map((n) => ({
                  value: String(n),
                  label: t('projek.perencanaan.tingkatOption', { n }),
                }))}
                value={draft.tingkat}
                onChange={(v) => set({ tingkat: v, rombel: null, tema: null })}
                comboboxProps={DROPDOWN}
                data-testid="projek-tingkat"
              />
              <Select
                label={t('projek.perencanaan.rombel')}
                placeholder={t('projek.perencanaan.pilihRombel')}
                data={pilihan.data?.rombel ?? []}
                value={draft.rombel}
                onChange={(v) => set({ rombel: v, tema: null })}
                error={errors.rombongan_belajar_id}
                nothingFoundMessage={t('projek.perencanaan.kosong')}
                comboboxProps={DROPDOWN}
                disabled={!draft.tingkat}
                data-testid="projek-rombel"
              />
              <Select
                label={t('projek.perencanaan.tema')}
                placeholder={t('projek.perencanaan.pilihTema')}
                data={pilihan.data?.tema ?? []}
                value={draft.tema}
                onChange={(v) => set({ tema: v })}
                error={errors.pembelajaran_id}
                nothingFoundMessage={t('projek.perencanaan.kosong')}
                comboboxProps={DROPDOWN}
                disabled={!draft.rombel}
                data-testid="projek-tema"
              />
            </>
          )}
          <TextInput
            label={t('projek.perencanaan.namaProjek')}
            value={draft.nama}
            onChange={(e) => set({ nama: e.currentTarget.value })}
            error={errors.nama}
            data-testid="projek-nama"
          />
          <Textarea
            label={t('projek.perencanaan.deskripsiProjek')}
            value={draft.deskripsi}
            onChange={(e) => set({ deskripsi: e.currentTarget.value })}
            error={errors.deskripsi}
            autosize
            minRows={2}
            data-testid="projek-deskripsi"
          />
          <TextInput
            label={t('projek.perencanaan.noUrut')}
            inputMode="numeric"
            value={draft.noUrut}
            onChange={(e) => set({ noUrut: e.currentTarget.value })}
            error={errors.no_urut}
            w={160}
            data-testid="projek-no-urut"
          />
          <Checklist
            rows={rows}
            loading={checklist.isLoading}
            value={draft.sub}
            onChange={(sub) => set({ sub })}
            error={subError}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('projek.perencanaan.tutup')}
            </Button>
            <Button onClick={submit} loading={save.isPending} data-testid="projek-simpan">
              {t(editId ? 'projek.perencanaan.perbaharui' : 'projek.perencanaan.simpan')}
            </Button>
          </Group>
        </Stack>
      )}
      <ConfirmDialog state={confirm} busy={save.isPending} onCancel={() => setConfirm(null)} />
    </Modal>
  );
}

/** # | Dimensi | Elemen | Sub Elemen, one checkbox per sub-element, grouped by dimension. */
function Checklist({
  rows,
  loading,
  value,
  onChange,
  error,
}: {
  rows: readonly SubElemenRow[];
  loading: boolean;
  value: number[];
  onChange: (v: number[]) => void;
  error?: string;
}) {
  const { t } = useTranslation();
  const chosen = new Set(value);
  const toggle = (no: number, on: boolean) => onChange(on ? [...value, no] : value.filter((x) => x !== no));
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        {t('projek.perencanaan.subElemen')}
      </Text>
      {error ? (
        <Text size="sm" c="red" data-testid="projek-sub-elemen-error">
          {error}
        </Text>
      ) : null}
      {loading ? <Loader size="sm" /> : null}
      <Table.ScrollContainer minWidth={640} scrollAreaProps={SCROLL_X_AREA}>
        <Table withTableBorder withColumnBorders data-testid="projek-checklist">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={40}>#</Table.Th>
              <Table.Th w={170}>{t('projek.perencanaan.dimensi')}</Table.Th>
              <Table.Th w={190}>{t('projek.perencanaan.elemen')}</Table.Th>
              <Table.Th>{t('projek.perencanaan.subElemen')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r, i) => {
              const firstOfDimensi = i === 0 || rows[i - 1]?.dimensi_no !== r.dimensi_no;
              const firstOfElemen = firstOfDimensi || rows[i - 1]?.elemen !== r.elemen;
              return (
                <Table.Tr key={r.sub_elemen}>
                  <Table.Td>
                    <Checkbox
                      checked={chosen.has(r.sub_elemen)}
                      onChange={(e) => toggle(r.sub_elemen, e.currentTarget.checked)}
                      aria-label={`${r.nama_elemen}: ${r.deskripsi}`}
                      data-testid={`sub-elemen-${r.sub_elemen}`}
                    />
                  </Table.Td>
                  <Table.Td>{firstOfDimensi ? r.dimensi : ''}</Table.Td>
                  <Table.Td>{firstOfElemen ? r.nama_elemen : ''}</Table.Td>
                  <Table.Td>
                    <Text size="sm">{r.deskripsi}</Text>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
