import { STATUS_KENAIKAN, type StatusKenaikan } from '@erapor/contract/wali-kelas/kenaikan';
import { Button, Card, Group, Modal, Radio, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { GateAlert, SaveBar, SaveRefusal } from '../../../components/grade-grid/save-feedback';
import { useUnsavedGuard } from '../../../components/grade-grid/use-unsaved-guard';
import { useTranslation } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { getKenaikan, KENAIKAN_KEY, saveKenaikan } from '../api/kenaikan-api';
import { KelasHeader, KelasLoad, useKelasQuery } from './kelas-header';
import {
  changedKeys,
  choose,
  type KenaikanDraft,
  loadedDraft,
  type Pilihan,
  toEdits,
} from './kenaikan-draft';
import { useClassSave } from './save-refusal';

/** Asking for "Naik Ke Kelas": which pupil, and what to go back to when the dialog is cancelled. */
interface Asking {
  id: string;
  nama: string;
  before: Pilihan | undefined;
}

/**
 * "Pilih Rombongan Belajar": the regular classes of the next tingkat of this semester to choose from,
 * or a name typed (next year's classes are usually not synced yet when promotion is decided).
 */
function PilihRombel(props: {
  asking: Asking | null;
  tujuan: readonly string[];
  initial: string;
  onPick: (nama: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [nama, setNama] = useState(props.initial);
  const [empty, setEmpty] = useState(false);
  useEffect(() => {
    setNama(props.initial);
    setEmpty(false);
  }, [props.initial]);
  const pick = () => {
    if (!nama.trim()) setEmpty(true);
    else props.onPick(nama.trim());
  };
  return (
    <Modal
      opened={props.asking !== null}
      onClose={props.onCancel}
      title={t('wali-kelas.kenaikan.pilihRombel')}
      data-testid="kenaikan-pilih-rombel"
    >
      <Stack gap="sm">
        <Text size="sm">{t('wali-kelas.kenaikan.pilihRombelHint', { nama: props.asking?.nama ?? '' })}</Text>
        {props.tujuan.length > 0 ? (
          <Radio.Group
            label={t('wali-kelas.kenaikan.kelasTujuan')}
            value={props.tujuan.includes(nama) ? nama : null}
            onChange={(v) => {
              setNama(v);
              setEmpty(false);
            }}
          >
            <Stack gap={6} mt={6}>
              {props.tujuan.map((k) => (
                <Radio key={k} value={k} label={k} />
              ))}
            </Stack>
          </Radio.Group>
        ) : (
          <Text size="sm" c="dimmed">
            {t('wali-kelas.kenaikan.noTujuan')}
          </Text>
        )}
        <TextInput
          label={t('wali-kelas.kenaikan.ketik')}
          value={nama}
          onChange={(e) => {
            setNama(e.currentTarget.value);
            setEmpty(false);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter') pick();
          }}
          maxLength={100}
          error={empty ? t('wali-kelas.kenaikan.rombelKosong') : undefined}
          data-autofocus
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={props.onCancel}>
            {t('wali-kelas.kenaikan.cancel')}
          </Button>
          <Button onClick={pick} data-testid="kenaikan-pilih-ok">
            {t('wali-kelas.kenaikan.pick')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/**
 * Kenaikan Kelas (issue #11 item 5; decision 029): Nama Peserta Didik | Status Kenaikan | Ke Kelas.
 * The statuses are the class's own (the contract's rule, sent by the server); "Naik Ke Kelas" asks
 * "Pilih Rombongan Belajar". One Simpan for the class; a refused save keeps the choices on screen.
 * In Ganjil the API answers 409 and the screen says kenaikan is done in Genap.
 */
export function KenaikanScreen() {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<KenaikanDraft>({});
  const [asking, setAsking] = useState<Asking | null>(null);

  const { query, data, status, kelasGone, header } = useKelasQuery(KENAIKAN_KEY, getKenaikan);
  const loaded = useMemo(() => loadedDraft(data?.data ?? []), [data]);
  const names = useMemo(() => new Map((data?.data ?? []).map((r) => [r.anggota_rombel_id, r.nama])), [data]);
  const { save, refusal, hold, clear } = useClassSave({
    rombelId: data?.rombel.rombongan_belajar_id,
    send: saveKenaikan,
    queryKey: KENAIKAN_KEY,
    saved: t('wali-kelas.kenaikan.saved'),
    names,
  });
  useEffect(() => {
    setDraft(loaded);
    clear();
    setAsking(null);
  }, [loaded, clear]);

  const changed = changedKeys(draft, loaded);
  const dirty = changed.length > 0;
  const guard = useUnsavedGuard(dirty);
  const closed = data?.penilaian_tertutup ?? null;
  const kelas = data
    ? { nama: data.rombel.nama, options: data.status.map((s) => s.value as StatusKenaikan) }
    : { nama: '', options: [] };

  const submit = () => {
    if (!dirty) {
      toast.info(t('wali-kelas.kenaikan.nothingChanged'));
      return;
    }
    const { edits, problems } = toEdits(changed, draft, loaded, kelas);
    const bad = Object.entries(problems);
    if (bad.length > 0) {
      hold(
        t('wali-kelas.kenaikan.fixRows'),
        bad.map(([id, message]) => `${names.get(id) ?? id}: ${message}`),
      );
      return;
    }
    clear();
    save.mutate(edits);
  };

  const pickStatus = (id: string, nama: string, value: string | null) => {
    const next = value === null ? null : Number(value);
    const current = draft[id];
    const chosen = choose(next, current, data?.rombel.nama ?? '', loaded[id]);
    setDraft((d) => ({ ...d, [id]: chosen }));
    if (next === STATUS_KENAIKAN.naik) setAsking({ id, nama, before: current });
  };

  const readOnly = !!closed || save.isPending;
  const statusColumn = t(
    data?.kelulusan ? 'wali-kelas.kenaikan.statusKelulusan' : 'wali-kelas.kenaikan.status',
  );
  const placeholder = t(
    data?.kelulusan ? 'wali-kelas.kenaikan.placeholderKelulusan' : 'wali-kelas.kenaikan.placeholderKenaikan',
  );
  const askingInitial = asking ? (draft[asking.id]?.nama_kelas ?? '') : '';
  return (
    <Stack gap="md">
      {guard.modal}
      <KelasHeader
        {...header}
        locked={dirty}
        hint={
          // In Ganjil (409) the notice below says why there is nothing to choose.
          status === 409
            ? null
            : dirty
              ? t('wali-kelas.kenaikan.dirtyHint')
              : t(data?.kelulusan ? 'wali-kelas.kenaikan.hintKelulusan' : 'wali-kelas.kenaikan.hint')
        }
        testId="kenaikan-kelas"
      />
      <KelasLoad
        query={query}
        kelasGone={kelasGone}
        title={t('wali-kelas.kenaikan.loadFailed')}
        semesterTestId="kenaikan-semester"
      />
      <PilihRombel
        asking={asking}
        tujuan={data?.kelas_tujuan ?? []}
        initial={askingInitial}
        onPick={(nama) => {
          if (asking)
            setDraft((d) => ({ ...d, [asking.id]: { status: STATUS_KENAIKAN.naik, nama_kelas: nama } }));
          setAsking(null);
        }}
        onCancel={() => {
          // A fresh "Naik Ke Kelas" without a class goes back to what was chosen before.
          if (asking && !draft[asking.id]?.nama_kelas) {
            const before = asking.before ?? { status: null, nama_kelas: null };
            setDraft((d) => ({ ...d, [asking.id]: before }));
          }
          setAsking(null);
        }}
      />
      {data ? (
        <Card withBorder radius="md" padding="lg">
          <Stack gap="sm">
            <GateAlert closed={closed} testId="kenaikan-gate" />
            <SaveRefusal
              refusal={refusal}
              title={t('wali-kelas.kenaikan.problems')}
              onReload={() => void query.refetch()}
              testId="kenaikan-refused"
            />
            {data.data.length === 0 ? (
              <Text c="dimmed">{t('wali-kelas.kenaikan.empty')}</Text>
            ) : (
              <Table.ScrollContainer minWidth={720}>
                <Table
                  verticalSpacing="sm"
                  data-testid="kenaikan-table"
                  aria-label={`${statusColumn} ${data.rombel.nama}`}
                >
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th w={48}>{t('wali-kelas.kenaikan.no')}</Table.Th>
                      <Table.Th>{t('wali-kelas.kenaikan.nama')}</Table.Th>
                      <Table.Th w={260}>{statusColumn}</Table.Th>
                      <Table.Th w={260}>{t('wali-kelas.kenaikan.keKelas')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data.data.map((r, i) => {
                      const p = draft[r.anggota_rombel_id];
                      const naik = p?.status === STATUS_KENAIKAN.naik;
                      return (
                        <Table.Tr key={r.anggota_rombel_id} data-testid="kenaikan-row">
                          <Table.Td>{i + 1}</Table.Td>
                          <Table.Td>{r.nama}</Table.Td>
                          <Table.Td>
                            <Select
                              aria-label={`${statusColumn} ${r.nama}`}
                              placeholder={placeholder}
                              data={data.status.map((s) => ({ value: String(s.value), label: s.label }))}
                              value={p?.status ? String(p.status) : null}
                              onChange={(v) => pickStatus(r.anggota_rombel_id, r.nama, v)}
                              clearable
                              readOnly={readOnly}
                            />
                          </Table.Td>
                          <Table.Td>
                            <Group gap="xs" wrap="nowrap">
                              <Text size="sm" data-testid="kenaikan-ke-kelas">
                                {p?.nama_kelas || '-'}
                              </Text>
                              {naik && !readOnly ? (
                                <Button
                                  size="compact-xs"
                                  variant="subtle"
                                  aria-label={`${t('wali-kelas.kenaikan.ubah')} ${r.nama}`}
                                  onClick={() =>
                                    setAsking({
                                      id: r.anggota_rombel_id,
                                      nama: r.nama,
                                      before: loaded[r.anggota_rombel_id],
                                    })
                                  }
                                >
                                  {t('wali-kelas.kenaikan.ubah')}
                                </Button>
                              ) : null}
                            </Group>
                          </Table.Td>
                        </Table.Tr>
                      );
                    })}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
            <SaveBar
              dirty={dirty}
              closed={!!closed}
              saving={save.isPending}
              onUndo={() => setDraft(loaded)}
              onSave={submit}
              testId="kenaikan"
            />
          </Stack>
        </Card>
      ) : null}
    </Stack>
  );
}
