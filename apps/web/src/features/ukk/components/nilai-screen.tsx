import type { NilaiUkkSave } from '@erapor/contract/ukk/nilai';
import { Card, Group, Select, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { ErrorAlert } from '../../../components/error-alert';
import { GradeGrid } from '../../../components/grade-grid/grade-grid';
import type {
  GradeGridColumn,
  GradeGridRow,
  RowHeaderColumn,
} from '../../../components/grade-grid/grade-grid-types';
import {
  changes,
  type GridDraft,
  hasErrors,
  isDirty,
  resetDraft,
} from '../../../components/grade-grid/grid-model';
import { rowProblems } from '../../../components/grade-grid/row-problems';
import { GateAlert, type Refusal, SaveBar, SaveRefusal } from '../../../components/grade-grid/save-feedback';
import { useUnsavedGuard } from '../../../components/grade-grid/use-unsaved-guard';
import { CetakSemuaSertifikat } from '../../../components/ukk-rencana/cetak-semua-sertifikat';
import { CetakSertifikatButton } from '../../../components/ukk-rencana/cetak-sertifikat-button';
import { httpErrorMessage, toHttpError } from '../../../lib/http-errors';
import { serverText, useTranslation } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { UKK_KEY } from '../api/paket-api';
import { getNilaiUkk, listPenilaianRencana, saveNilaiUkk } from '../api/rencana-api';
import { KESIMPULAN_COL, NILAI_COL, nilaiDraftOf, saveRows, withKesimpulan } from './nilai-draft';

const EMPTY = nilaiDraftOf(undefined);
const KEY = [...UKK_KEY, 'nilai'] as const;

/**
 * Proses Penilaian UKK (/nilai-ukk/penilaian; reference-screens §9.2, issue #13 item 7), for the
 * internal examiner: Paket Kompetensi (the plans naming them) → the shared grade grid Nama | NISN |
 * Nilai | Kesimpulan (typing, paste from Excel; Kesimpulan follows the typing). One Simpan; a
 * refused save keeps the typing and names the pupils.
 */
export function NilaiScreen() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [chosen, setChosen] = useState<string | null>(null);
  const [draft, setDraft] = useState<GridDraft>(EMPTY);
  const [refusal, setRefusal] = useState<Refusal | null>(null);

  const plans = useQuery({ queryKey: [...KEY, 'rencana'], queryFn: listPenilaianRencana });
  const grid = useQuery({
    queryKey: [...KEY, chosen],
    queryFn: () => getNilaiUkk(chosen ?? ''),
    enabled: chosen !== null,
  });
  const data = chosen ? grid.data : undefined;
  const dirty = isDirty(draft);
  const guard = useUnsavedGuard(dirty);
  const names = useMemo(() => new Map((data?.siswa ?? []).map((s) => [s.anggota_rombel_id, s.nama])), [data]);
  useEffect(() => {
    setDraft(nilaiDraftOf(data));
    setRefusal(null);
  }, [data]);
  const shown = useMemo(() => withKesimpulan(draft, data?.predikat_scheme ?? 'dua'), [draft, data]);

  const save = useMutation({
    mutationFn: (rows: NilaiUkkSave['rows']) => saveNilaiUkk(chosen ?? '', { rows }),
    onSuccess: (res) => {
      toast.success(serverText(res.message));
      void qc.invalidateQueries({ queryKey: UKK_KEY });
    },
    onError: (e, rows) => {
      const err = toHttpError(e);
      const message = httpErrorMessage(e, t);
      setRefusal({
        message,
        problems: rowProblems(err.details ?? {}, rows, names),
        stale: err.status === 409,
      });
      toast.error(message);
    },
  });

  const columns = useMemo<GradeGridColumn[]>(
    () => [
      { id: NILAI_COL, kind: 'score', label: t('ukk.nilai.nilai'), width: 90 },
      { id: KESIMPULAN_COL, kind: 'text', readOnly: true, label: t('ukk.nilai.kesimpulan'), width: 180 },
    ],
    [t],
  );
  const headers = useMemo<RowHeaderColumn[]>(
    () => [
      { label: 'No', width: 48 },
      { label: t('ukk.nilai.nama'), width: 240 },
      { label: 'NISN', width: 120 },
    ],
    [t],
  );
  const rows = useMemo<GradeGridRow[]>(
    () =>
      (data?.siswa ?? []).map((s, i) => ({
        id: s.anggota_rombel_id,
        name: s.nama,
        header: [i + 1, s.nama, s.nisn ?? '-'],
      })),
    [data],
  );

  const submit = () => {
    if (!data) return;
    if (hasErrors(draft, columns)) {
      setRefusal({ message: t('ukk.nilai.fixCells'), problems: [], stale: false });
      return;
    }
    const sent = saveRows(changes(draft), data);
    if (sent.length === 0) {
      toast.info(t('ukk.nilai.nothingChanged'));
      return;
    }
    setRefusal(null);
    save.mutate(sent);
  };

  const options = (plans.data?.data ?? []).map((p) => ({
    value: p.rencana_ukk_id,
    label: `${p.kelas} — ${p.nomor_paket} ${p.nama_paket_id}`,
  }));
  return (
    <Stack gap="md">
      {guard.modal}
      <Card withBorder radius="md" padding="lg">
        <Group align="end" gap="sm" wrap="wrap">
          <Select
            label={t('ukk.nilai.paket')}
            placeholder={t('ukk.nilai.pilihPaket')}
            data={options}
            value={chosen}
            onChange={setChosen}
            disabled={dirty}
            allowDeselect={false}
            nothingFoundMessage={t('ukk.nilai.noPlan')}
            w={480}
            data-testid="nilai-paket"
          />
        </Group>
        {plans.isSuccess && options.length === 0 ? (
          <Text size="sm" c="dimmed" mt="sm" data-testid="nilai-no-plan">
            {t('ukk.nilai.noPlan')}
          </Text>
        ) : null}
      </Card>
      {plans.isError ? <ErrorAlert error={plans.error} title={t('ukk.nilai.loadFailed')} /> : null}
      {chosen && grid.isError ? <ErrorAlert error={grid.error} title={t('ukk.nilai.loadFailed')} /> : null}
      {data ? (
        <Card withBorder radius="md" padding="lg">
          <Stack gap="sm">
            <GateAlert closed={data.gate.open ? null : data.gate.message} testId="nilai-gate" />
            <SaveRefusal
              refusal={refusal}
              title={t('ukk.nilai.problems')}
              onReload={() => void grid.refetch()}
              testId="nilai-refused"
            />
            <GradeGrid
              columns={columns}
              rowHeaderColumns={headers}
              rows={rows}
              draft={shown}
              onChange={setDraft}
              readOnly={!data.can_edit || save.isPending}
              label={`${data.kelas} — ${data.nama_paket_id}`}
              testId="nilai-grid"
            />
            {data.pola_ukk !== 'lsp' && data.siswa.some((s) => s.nilai !== null) ? (
              <Stack gap={4} data-testid="nilai-cetak">
                <Text fw={600} size="sm">
                  {t('ukk.nilai.cetakTitle')}
                </Text>
                <Group gap="xs">
                  {data.siswa
                    .filter((s) => s.nilai !== null)
                    .map((s) => (
                      <Group key={s.anggota_rombel_id} gap={4} wrap="nowrap">
                        <Text size="sm">{s.nama}</Text>
                        <CetakSertifikatButton
                          anggotaRombelId={s.anggota_rombel_id}
                          rencanaUkkId={data.rencana_ukk_id}
                          nama={s.nama}
                        />
                      </Group>
                    ))}
                </Group>
                <CetakSemuaSertifikat key={data.rencana_ukk_id} rencanaUkkId={data.rencana_ukk_id} />
              </Stack>
            ) : null}
            {data.can_edit ? (
              <SaveBar
                dirty={dirty}
                closed={false}
                saving={save.isPending}
                onUndo={() => setDraft(resetDraft)}
                onSave={submit}
                testId="nilai"
              />
            ) : null}
          </Stack>
        </Card>
      ) : null}
    </Stack>
  );
}
