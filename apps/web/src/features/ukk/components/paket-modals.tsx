import {
  type PaketCreateInput,
  type PaketDetail,
  type PaketUpdateInput,
  paketCreateSchema,
  paketUpdateSchema,
  unitAddSchema,
} from '@erapor/contract/ukk/paket';
import { faTrash } from '@fortawesome/free-solid-svg-icons';
import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Loader,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { Icon } from '../../../components/icon';
import { issuesOf } from '../../../lib/form-issues';
import { httpErrorMessage, toHttpError } from '../../../lib/http-errors';
import { serverText, useTranslation } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { addUnits, createPaket, getPaket, getPaketPilihan, UKK_KEY, updatePaket } from '../api/paket-api';
import { DROPDOWN, Z } from './ui';

/*
 * The Paket UKK modals (reference-screens §6.11): "Tambah Paket Uji Kompetensi Keahlian" (several
 * packages of one programme and curriculum), "Tambah Data Unit Kompetensi" and "Perbaharui Data"
 * (fields, status and the unit table, a trash per unit). Each runs the contract's schema first and
 * shows the server's field messages under the fields; a refused save keeps the typing.
 */

type Errors = Record<string, string>;
interface PaketDraft {
  nomor_paket: string;
  nama_paket_id: string;
  nama_paket_en: string;
  status: 0 | 1;
}
interface UnitDraft {
  unit_ukk_id?: string;
  kode_unit: string;
  nama_unit_id: string;
  nama_unit_en: string;
}
const emptyPaket = (): PaketDraft => ({ nomor_paket: '', nama_paket_id: '', nama_paket_en: '', status: 1 });
const emptyUnit = (): UnitDraft => ({ kode_unit: '', nama_unit_id: '', nama_unit_en: '' });

/** Save mutation shared by the three modals: toast, refresh, close; or the field messages. */
function useSave<T>(fn: (body: T) => Promise<{ message: string }>, onClose: () => void) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [errors, setErrors] = useState<Errors>({});
  const [refused, setRefused] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: fn,
    onSuccess: (r) => {
      toast.success(serverText(r.message));
      void qc.invalidateQueries({ queryKey: UKK_KEY });
      onClose();
    },
    onError: (e) => {
      const err = toHttpError(e);
      setErrors(err.details);
      setRefused(Object.keys(err.details).length > 0 ? null : httpErrorMessage(e, t));
    },
  });
  const reset = useCallback(() => {
    setErrors({});
    setRefused(null);
  }, []);
  return { mutation, errors, setErrors, refused, reset };
}

function StatusSelect({
  value,
  onChange,
  testId,
}: {
  value: 0 | 1;
  onChange: (v: 0 | 1) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <Select
      label={t('ukk.paket.status')}
      data={[
        { value: '1', label: t('ukk.paket.aktif') },
        { value: '0', label: t('ukk.paket.tidakAktif') },
      ]}
      value={String(value)}
      onChange={(v) => onChange(v === '0' ? 0 : 1)}
      allowDeselect={false}
      comboboxProps={DROPDOWN}
      data-testid={testId}
    />
  );
}

export function PaketAddModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [jurusan, setJurusan] = useState<string | null>(null);
  const [kurikulum, setKurikulum] = useState<string | null>(null);
  const [rows, setRows] = useState<PaketDraft[]>([emptyPaket()]);
  const save = useSave(createPaket, onClose);
  const pilihan = useQuery({
    queryKey: [...UKK_KEY, 'paket-pilihan'],
    queryFn: getPaketPilihan,
    enabled: opened,
  });
  const { reset } = save;
  useEffect(() => {
    if (!opened) return;
    setJurusan(null);
    setKurikulum(null);
    setRows([emptyPaket()]);
    reset();
  }, [opened, reset]);
  const programme = pilihan.data?.jurusan.find((j) => j.value === jurusan);
  const body = (): PaketCreateInput => ({
    jurusan_id: jurusan ?? '',
    kurikulum_id: kurikulum ? Number(kurikulum) : 0,
    paket: rows,
  });
  const submit = () => {
    const check = paketCreateSchema.safeParse(body());
    if (!check.success) {
      save.setErrors(issuesOf(check.error.issues));
      return;
    }
    save.mutation.mutate(body());
  };
  const setRow = (i: number, patch: Partial<PaketDraft>) =>
    setRows((rs) => rs.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  const e = save.errors;
  return (
    <Modal opened={opened} onClose={onClose} title={t('ukk.paket.addTitle')} size="xl" zIndex={Z.modal}>
      <Stack data-testid="paket-add-form">
        {save.refused ? <Alert color="red">{save.refused}</Alert> : null}
        {pilihan.isError ? <Alert color="red">{httpErrorMessage(pilihan.error, t)}</Alert> : null}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label={t('ukk.paket.jurusan')}
            placeholder={t('ukk.paket.pilihJurusan')}
            data={(pilihan.data?.jurusan ?? []).map(({ value, label }) => ({ value, label }))}
            value={jurusan}
            onChange={(v) => {
              setJurusan(v);
              const only = pilihan.data?.jurusan.find((j) => j.value === v)?.kurikulum;
              setKurikulum(only?.length === 1 ? (only[0]?.value ?? null) : null);
            }}
            error={e.jurusan_id}
            allowDeselect={false}
            nothingFoundMessage={t('ukk.paket.kosong')}
            comboboxProps={DROPDOWN}
            data-testid="paket-jurusan"
          />
          <Select
            label={t('ukk.paket.kurikulum')}
            placeholder={t('ukk.paket.pilihKurikulum')}
            data={programme?.kurikulum ?? []}
            value={kurikulum}
            onChange={setKurikulum}
            error={e.kurikulum_id}
            disabled={!programme}
            allowDeselect={false}
            comboboxProps={DROPDOWN}
            data-testid="paket-kurikulum"
          />
        </SimpleGrid>
        {rows.map((r, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id until saved; order is their identity
          <Group key={i} align="start" grow wrap="nowrap" data-testid="paket-row">
            <TextInput
              label={t('ukk.paket.nomor')}
              value={r.nomor_paket}
              onChange={(ev) => setRow(i, { nomor_paket: ev.currentTarget.value })}
              error={e[`paket.${i}.nomor_paket`]}
              data-testid="paket-nomor"
            />
            <TextInput
              label={t('ukk.paket.judulId')}
              value={r.nama_paket_id}
              onChange={(ev) => setRow(i, { nama_paket_id: ev.currentTarget.value })}
              error={e[`paket.${i}.nama_paket_id`]}
              data-testid="paket-nama-id"
            />
            <TextInput
              label={t('ukk.paket.judulEn')}
              value={r.nama_paket_en}
              onChange={(ev) => setRow(i, { nama_paket_en: ev.currentTarget.value })}
              error={e[`paket.${i}.nama_paket_en`]}
              data-testid="paket-nama-en"
            />
            <StatusSelect
              value={r.status}
              onChange={(status) => setRow(i, { status })}
              testId="paket-row-status"
            />
          </Group>
        ))}
        {e.paket ? (
          <Text c="red" size="sm">
            {e.paket}
          </Text>
        ) : null}
        <Group justify="space-between">
          <Button
            variant="light"
            onClick={() => setRows((rs) => [...rs, emptyPaket()])}
            data-testid="paket-tambah-form"
          >
            {t('ukk.paket.tambahForm')}
          </Button>
          <Group>
            <Button variant="default" onClick={onClose}>
              {t('ukk.paket.batal')}
            </Button>
            <Button onClick={submit} loading={save.mutation.isPending} data-testid="paket-simpan">
              {t('ukk.paket.simpan')}
            </Button>
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Repeatable Kode Unit | Nama Unit (ID) | Nama Unit (EN) rows; `prefix` keys the field messages. */
function UnitRows({
  rows,
  setRows,
  errors,
  removable,
}: {
  rows: UnitDraft[];
  setRows: (f: (rows: UnitDraft[]) => UnitDraft[]) => void;
  errors: Errors;
  removable: boolean;
}) {
  const { t } = useTranslation();
  const setRow = (i: number, patch: Partial<UnitDraft>) =>
    setRows((rs) => rs.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  return (
    <Stack gap="xs">
      {rows.map((r, i) => (
        <Group key={r.unit_ukk_id ?? `new-${i}`} align="start" wrap="nowrap" data-testid="unit-row">
          <TextInput
            w={140}
            label={i === 0 ? t('ukk.paket.kodeUnit') : undefined}
            aria-label={t('ukk.paket.kodeUnit')}
            value={r.kode_unit}
            onChange={(ev) => setRow(i, { kode_unit: ev.currentTarget.value })}
            error={errors[`units.${i}.kode_unit`]}
            data-testid="unit-kode"
          />
          <TextInput
            style={{ flex: 1 }}
            label={i === 0 ? t('ukk.paket.namaUnitId') : undefined}
            aria-label={t('ukk.paket.namaUnitId')}
            value={r.nama_unit_id}
            onChange={(ev) => setRow(i, { nama_unit_id: ev.currentTarget.value })}
            error={errors[`units.${i}.nama_unit_id`]}
            data-testid="unit-nama-id"
          />
          <TextInput
            style={{ flex: 1 }}
            label={i === 0 ? t('ukk.paket.namaUnitEn') : undefined}
            aria-label={t('ukk.paket.namaUnitEn')}
            value={r.nama_unit_en}
            onChange={(ev) => setRow(i, { nama_unit_en: ev.currentTarget.value })}
            error={errors[`units.${i}.nama_unit_en`]}
            data-testid="unit-nama-en"
          />
          {removable ? (
            <ActionIcon
              color="red"
              variant="light"
              mt={i === 0 ? 26 : 4}
              aria-label={t('ukk.paket.hapusUnit')}
              onClick={() => setRows((rs) => rs.filter((_, j) => j !== i))}
              data-testid="unit-hapus"
            >
              <Icon icon={faTrash} />
            </ActionIcon>
          ) : null}
        </Group>
      ))}
      {errors.units ? (
        <Text c="red" size="sm">
          {errors.units}
        </Text>
      ) : null}
      <Group>
        <Button
          variant="light"
          size="xs"
          onClick={() => setRows((rs) => [...rs, emptyUnit()])}
          data-testid="unit-tambah-form"
        >
          {t('ukk.paket.tambahForm')}
        </Button>
      </Group>
    </Stack>
  );
}

function PaketContext({ d }: { d: PaketDetail }) {
  const { t } = useTranslation();
  const field = (label: string, value: string) => (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm">{value}</Text>
    </Stack>
  );
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      {field(t('ukk.paket.jurusan'), d.nama_jurusan)}
      {field(t('ukk.paket.kodeKompetensi'), d.kode_kompetensi ?? d.jurusan_id)}
      {field(t('ukk.paket.nomor'), d.nomor_paket)}
      {field(t('ukk.paket.judulId'), d.nama_paket_id)}
    </SimpleGrid>
  );
}

function usePaket(paketId: string | null) {
  return useQuery({
    queryKey: [...UKK_KEY, 'paket', paketId],
    queryFn: () => getPaket(paketId ?? ''),
    enabled: paketId !== null,
  });
}

export function UnitAddModal({ paketId, onClose }: { paketId: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [rows, setRows] = useState<UnitDraft[]>([emptyUnit()]);
  const save = useSave((units: UnitDraft[]) => addUnits(paketId ?? '', { units }), onClose);
  const q = usePaket(paketId);
  const { reset } = save;
  useEffect(() => {
    if (paketId === null) return;
    setRows([emptyUnit()]);
    reset();
  }, [paketId, reset]);
  const submit = () => {
    const check = unitAddSchema.safeParse({ units: rows });
    if (!check.success) {
      save.setErrors(issuesOf(check.error.issues));
      return;
    }
    save.mutation.mutate(rows);
  };
  return (
    <Modal
      opened={paketId !== null}
      onClose={onClose}
      title={t('ukk.paket.unitTitle')}
      size="xl"
      zIndex={Z.modal}
    >
      <Stack data-testid="unit-add-form">
        {save.refused ? <Alert color="red">{save.refused}</Alert> : null}
        {q.data ? <PaketContext d={q.data} /> : <Loader size="sm" />}
        <UnitRows rows={rows} setRows={setRows} errors={save.errors} removable={rows.length > 1} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('ukk.paket.batal')}
          </Button>
          <Button onClick={submit} loading={save.mutation.isPending} data-testid="unit-simpan">
            {t('ukk.paket.simpan')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

export function PaketEditModal({ paketId, onClose }: { paketId: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<PaketDraft>(emptyPaket());
  const [units, setUnits] = useState<UnitDraft[]>([]);
  const save = useSave((body: PaketUpdateInput) => updatePaket(paketId ?? '', body), onClose);
  const q = usePaket(paketId);
  const { reset } = save;
  useEffect(() => {
    const d = q.data;
    if (!d || paketId === null) return;
    setDraft({
      nomor_paket: d.nomor_paket,
      nama_paket_id: d.nama_paket_id,
      nama_paket_en: d.nama_paket_en,
      status: d.status === 1 ? 1 : 0,
    });
    setUnits(d.units.map((u) => ({ ...u })));
    reset();
  }, [q.data, paketId, reset]);
  const body = (): PaketUpdateInput => ({ ...draft, units });
  const submit = () => {
    const check = paketUpdateSchema.safeParse(body());
    if (!check.success) {
      save.setErrors(issuesOf(check.error.issues));
      return;
    }
    save.mutation.mutate(body());
  };
  const e = save.errors;
  return (
    <Modal
      opened={paketId !== null}
      onClose={onClose}
      title={t('ukk.paket.editTitle')}
      size="xl"
      zIndex={Z.modal}
    >
      {!q.data ? (
        <Loader size="sm" />
      ) : (
        <Stack data-testid="paket-edit-form">
          {save.refused ? <Alert color="red">{save.refused}</Alert> : null}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('ukk.paket.nomor')}
              value={draft.nomor_paket}
              onChange={(ev) => setDraft({ ...draft, nomor_paket: ev.currentTarget.value })}
              error={e.nomor_paket}
              data-testid="edit-nomor"
            />
            <StatusSelect
              value={draft.status}
              onChange={(status) => setDraft({ ...draft, status })}
              testId="edit-status"
            />
            <TextInput
              label={t('ukk.paket.judulId')}
              value={draft.nama_paket_id}
              onChange={(ev) => setDraft({ ...draft, nama_paket_id: ev.currentTarget.value })}
              error={e.nama_paket_id}
              data-testid="edit-nama-id"
            />
            <TextInput
              label={t('ukk.paket.judulEn')}
              value={draft.nama_paket_en}
              onChange={(ev) => setDraft({ ...draft, nama_paket_en: ev.currentTarget.value })}
              error={e.nama_paket_en}
              data-testid="edit-nama-en"
            />
          </SimpleGrid>
          <Text fw={600} size="sm">
            {t('ukk.paket.units')}
          </Text>
          <UnitRows rows={units} setRows={setUnits} errors={e} removable />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('ukk.paket.batal')}
            </Button>
            <Button onClick={submit} loading={save.mutation.isPending} data-testid="edit-simpan">
              {t('ukk.paket.perbaharui')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
