import { type RencanaSaveInput, rencanaSaveSchema } from '@erapor/contract/ukk/rencana';
import { POLA_UKK, type PolaUkk } from '@erapor/contract/ukk/rules';
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
  TextInput,
} from '@mantine/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { TanggalInput } from '../../../components/date-fields';
import { SCROLL_X_AREA } from '../../../components/scroll-x';
import { issuesOf } from '../../../lib/form-issues';
import { httpErrorMessage, toHttpError } from '../../../lib/http-errors';
import { serverText, useTranslation } from '../../../lib/i18n';
import { scoreLossToConfirm } from '../../../lib/score-loss';
import { useSession } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { UKK_KEY } from '../api/paket-api';
import { createRencana, getRencana, getRencanaPilihan, updateRencana } from '../api/rencana-api';
import { ConfirmDialog, type ConfirmState, DROPDOWN, Z } from './ui';

export type RencanaTarget = { mode: 'add' } | { mode: 'edit'; id: string };

interface Draft {
  tingkat: string | null;
  rombel: string | null;
  internal: string | null;
  eksternal: string | null;
  tanggal: string;
  paket: string | null;
  pola: PolaUkk;
  siswa: string[];
}
const EMPTY: Draft = {
  tingkat: null,
  rombel: null,
  internal: null,
  eksternal: null,
  tanggal: '',
  paket: null,
  pola: 'sekolah',
  siswa: [],
};

/**
 * "Tambah / Ubah Perencanaan Penilaian UKK" (reference-screens §9.1; issue #13 items 4 and 6):
 * Tingkat Kelas → Rombongan Belajar → Penguji Internal / Penguji Eksternal → Tanggal Sertifikat →
 * Paket Kompetensi → Pola UKK → the class's pupils. Ubah keeps class and package; dropping a scored
 * pupil asks first, naming how many scores go. A refused save keeps the typing.
 */
export function RencanaFormModal({ target, onClose }: { target: RencanaTarget | null; onClose: () => void }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const { userData } = useSession();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [refused, setRefused] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<ConfirmState | null>(null);
  const editId = target?.mode === 'edit' ? target.id : null;

  const existing = useQuery({
    queryKey: [...UKK_KEY, 'rencana', editId],
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
      internal: d.internal,
      eksternal: d.eksternal,
      tanggal: d.tanggal_sertifikat,
      paket: d.paket_ukk_id,
      pola: d.pola_ukk,
      siswa: d.peserta.map((p) => p.anggota_rombel_id),
    });
  }, [existing.data, editId]);

  const pilihan = useQuery({
    queryKey: [...UKK_KEY, 'rencana-pilihan', draft.tingkat, draft.rombel],
    queryFn: () =>
      getRencanaPilihan({
        tingkat: draft.tingkat ? Number(draft.tingkat) : undefined,
        rombongan_belajar_id: draft.rombel ?? undefined,
      }),
    enabled: target !== null,
    placeholderData: keepPreviousData,
  });
  const options = pilihan.data;
  // On an edit the plan's package may be inactive now: still shown.
  const paketOptions =
    editId && existing.data && !options?.paket.some((p) => p.value === existing.data.paket_ukk_id)
      ? [
          ...(options?.paket ?? []),
          {
            value: existing.data.paket_ukk_id,
            label: `${existing.data.nomor_paket} - ${existing.data.nama_paket_id}`,
          },
        ]
      : (options?.paket ?? []);

  const set = (patch: Partial<Draft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    setErrors({});
  };
  const body = (konfirmasi?: number): RencanaSaveInput => ({
    rombongan_belajar_id: draft.rombel ?? '',
    paket_ukk_id: draft.paket ?? '',
    internal: draft.internal ?? '',
    eksternal: draft.eksternal ?? '',
    tanggal_sertifikat: draft.tanggal,
    pola_ukk: draft.pola,
    anggota_rombel_ids: draft.siswa,
    ...(konfirmasi === undefined ? {} : { konfirmasi_hapus_nilai: konfirmasi }),
  });
  const save = useMutation({
    mutationFn: (konfirmasi?: number) =>
      editId ? updateRencana(editId, body(konfirmasi)) : createRencana(body(konfirmasi)),
    onSuccess: (r) => {
      toast.success(serverText(r.message));
      void qc.invalidateQueries({ queryKey: UKK_KEY });
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
      setErrors(err.details);
      setRefused(Object.keys(err.details).length > 0 ? null : httpErrorMessage(e, t));
    },
  });
  const submit = () => {
    if (!draft.tingkat) {
      setErrors({ tingkat: t('ukk.rencana.tingkatRequired') });
      return;
    }
    const check = rencanaSaveSchema.safeParse(body());
    if (!check.success) {
      setErrors(issuesOf(check.error.issues));
      return;
    }
    setRefused(null);
    save.mutate(undefined);
  };

  const siswa = options?.siswa ?? [];
  const allChecked = siswa.length > 0 && siswa.every((s) => draft.siswa.includes(s.anggota_rombel_id));
  const loading = editId !== null && !existing.data;
  return (
    <Modal
      opened={target !== null}
      onClose={onClose}
      title={t(editId ? 'ukk.rencana.editTitle' : 'ukk.rencana.addTitle')}
      size="xl"
      zIndex={Z.modal}
    >
      {loading ? (
        <Loader size="sm" />
      ) : (
        <Stack data-testid="rencana-form">
          {refused ? (
            <Alert color="red" data-testid="form-error">
              {refused}
            </Alert>
          ) : null}
          <TextInput label={t('ukk.rencana.tahunPelajaran')} value={userData?.semester.nama ?? ''} readOnly />
          <Select
            label={t('ukk.rencana.tingkat')}
            placeholder={t('ukk.rencana.pilihTingkat')}
            data={['12', '13'].map((n) => ({ value: n, label: t('ukk.rencana.tingkatOption', { n }) }))}
            value={draft.tingkat}
            onChange={(v) => set({ tingkat: v, rombel: null, paket: null, siswa: [] })}
            error={errors.tingkat}
            disabled={editId !== null}
            allowDeselect={false}
            comboboxProps={DROPDOWN}
            data-testid="rencana-tingkat"
          />
          <Select
            label={t('ukk.rencana.rombel')}
            placeholder={t('ukk.rencana.pilihRombel')}
            data={options?.rombel ?? []}
            value={draft.rombel}
            onChange={(v) => set({ rombel: v, paket: null, siswa: [] })}
            error={errors.rombongan_belajar_id}
            disabled={!draft.tingkat || editId !== null}
            allowDeselect={false}
            nothingFoundMessage={t('ukk.rencana.kosong')}
            comboboxProps={DROPDOWN}
            data-testid="rencana-rombel"
          />
          <Group grow align="start">
            <Select
              label={t('ukk.rencana.internal')}
              placeholder={t('ukk.rencana.pilihInternal')}
              data={options?.internal ?? []}
              value={draft.internal}
              onChange={(v) => set({ internal: v })}
              error={errors.internal}
              searchable
              nothingFoundMessage={t('ukk.rencana.kosong')}
              comboboxProps={DROPDOWN}
              data-testid="rencana-internal"
            />
            <Select
              label={t('ukk.rencana.eksternal')}
              placeholder={t('ukk.rencana.pilihEksternal')}
              data={options?.eksternal ?? []}
              value={draft.eksternal}
              onChange={(v) => set({ eksternal: v })}
              error={errors.eksternal}
              searchable
              nothingFoundMessage={t('ukk.rencana.kosong')}
              comboboxProps={DROPDOWN}
              data-testid="rencana-eksternal"
            />
          </Group>
          <Group grow align="start">
            <TanggalInput
              label={t('ukk.rencana.tanggal')}
              value={draft.tanggal}
              onChange={(v) => set({ tanggal: v })}
              error={errors.tanggal_sertifikat}
              data-testid="rencana-tanggal"
            />
            <Select
              label={t('ukk.rencana.pola')}
              data={POLA_UKK.map((p) => ({ value: p, label: t(`ukk.rencana.pola_${p}`) }))}
              value={draft.pola}
              onChange={(v) => set({ pola: (v as PolaUkk | null) ?? 'sekolah' })}
              error={errors.pola_ukk}
              allowDeselect={false}
              comboboxProps={DROPDOWN}
              data-testid="rencana-pola"
            />
          </Group>
          <Select
            label={t('ukk.rencana.paket')}
            placeholder={t('ukk.rencana.pilihPaket')}
            data={paketOptions}
            value={draft.paket}
            onChange={(v) => set({ paket: v })}
            error={errors.paket_ukk_id}
            disabled={!draft.rombel || editId !== null}
            allowDeselect={false}
            nothingFoundMessage={t('ukk.rencana.kosong')}
            comboboxProps={DROPDOWN}
            data-testid="rencana-paket"
          />
          {draft.rombel ? (
            <Table.ScrollContainer minWidth={420} scrollAreaProps={SCROLL_X_AREA}>
              <Table striped withTableBorder data-testid="rencana-siswa">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>#</Table.Th>
                    <Table.Th>{t('ukk.rencana.nama')}</Table.Th>
                    <Table.Th>NISN</Table.Th>
                    <Table.Th>
                      <Checkbox
                        aria-label={t('ukk.rencana.pilihSemua')}
                        checked={allChecked}
                        onChange={() =>
                          set({ siswa: allChecked ? [] : siswa.map((s) => s.anggota_rombel_id) })
                        }
                        data-testid="rencana-siswa-semua"
                      />
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {siswa.map((s, i) => (
                    <Table.Tr key={s.anggota_rombel_id}>
                      <Table.Td>{i + 1}</Table.Td>
                      <Table.Td>{s.nama}</Table.Td>
                      <Table.Td>{s.nisn ?? '-'}</Table.Td>
                      <Table.Td>
                        <Checkbox
                          aria-label={s.nama}
                          checked={draft.siswa.includes(s.anggota_rombel_id)}
                          onChange={(e) => {
                            const on = e.currentTarget.checked;
                            set({
                              siswa: on
                                ? [...draft.siswa, s.anggota_rombel_id]
                                : draft.siswa.filter((x) => x !== s.anggota_rombel_id),
                            });
                          }}
                        />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          ) : null}
          {errors.anggota_rombel_ids ? (
            <Text c="red" size="sm">
              {errors.anggota_rombel_ids}
            </Text>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('ukk.rencana.batal')}
            </Button>
            <Button onClick={submit} loading={save.isPending} data-testid="rencana-simpan">
              {t('ukk.rencana.simpan')}
            </Button>
          </Group>
        </Stack>
      )}
      <ConfirmDialog state={confirm} busy={save.isPending} onCancel={() => setConfirm(null)} />
    </Modal>
  );
}
