import { CATATAN_PROSES_MAX, checkOpsi, P5_LEVELS } from '@erapor/contract/projek/penilaian';
import { Button, Card, Group, Select, Stack, Table, Text } from '@mantine/core';
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
import type { CellValidator } from '../../../components/grade-grid/validators';
import { maxLengthValidator } from '../../../components/grade-grid/validators';
import { openPdf } from '../../../lib/download';
import { httpErrorMessage, toHttpError } from '../../../lib/http-errors';
import { useTranslation } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { useView } from '../../../lib/view-search';
import { getGrid, listRombel, NILAI_PROJEK_KEY, saveGrid } from '../api/penilaian-api';
import { aspekCol, catatanCol, draftOf, normalizeLevel, saveRows } from './penilaian-draft';
import { ReadOnlyNotice } from './ui';

const EMPTY = draftOf(undefined);
const LEVEL_CODES = P5_LEVELS.map((l) => l.kode);
/** The contract's rule and message for a level cell (BB has its own). */
const validateLevel: CellValidator = (value) => {
  const checked = checkOpsi(value);
  return checked.ok ? null : { code: 'p5Level', message: checked.message };
};

/**
 * Proses Penilaian P5 (/nilai-projek/penilaian; issue #13 item 2): Tingkat → Rombel (kept in the
 * URL), then the shared grade grid — a row per pupil, per project a column per sub-element (MB, SB,
 * BSH, SAB; codes or names paste from Excel, empty removes) and its "Catatan proses". One Simpan in
 * one transaction; a refused save keeps the typing. From 20251 read-only.
 */
export function PenilaianScreen() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [view, setView] = useView();
  const [draft, setDraft] = useState<GridDraft>(EMPTY);
  const [refusal, setRefusal] = useState<Refusal | null>(null);

  const classes = useQuery({ queryKey: [...NILAI_PROJEK_KEY, 'rombel'], queryFn: listRombel });
  const all = classes.data?.data ?? [];
  const tingkatOptions = [...new Set(all.map((r) => r.tingkat))].map((n) => ({
    value: String(n),
    label: t('projek.penilaian.tingkatOption', { n }),
  }));
  const rombelOptions = all
    .filter((r) => String(r.tingkat) === view.tingkat)
    .map((r) => ({ value: r.rombongan_belajar_id, label: r.nama }));
  const chosen = rombelOptions.some((o) => o.value === view.rombel) ? (view.rombel ?? null) : null;

  const grid = useQuery({
    queryKey: [...NILAI_PROJEK_KEY, chosen],
    queryFn: () => getGrid(chosen ?? ''),
    enabled: chosen !== null,
  });
  const data = chosen ? grid.data : undefined;
  const closed = data?.writable && !data.gate.open ? data.gate.message : null;
  const readOnly = !data?.can_edit;
  const dirty = isDirty(draft);
  const guard = useUnsavedGuard(dirty);
  const names = useMemo(() => new Map((data?.siswa ?? []).map((s) => [s.anggota_rombel_id, s.nama])), [data]);
  useEffect(() => {
    setDraft(draftOf(data));
    setRefusal(null);
  }, [data]);

  const save = useMutation({
    mutationFn: (rows: ReturnType<typeof saveRows>) => saveGrid(chosen ?? '', { rows }),
    onSuccess: (res) => {
      toast.success(res.message);
      void qc.invalidateQueries({ queryKey: [...NILAI_PROJEK_KEY, chosen] });
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
    () =>
      (data?.rencana ?? []).flatMap((r) => [
        ...r.aspek.map(
          (a, j): GradeGridColumn => ({
            id: aspekCol(a.aspek_budaya_kerja_id),
            kind: 'choice',
            options: LEVEL_CODES,
            validate: validateLevel,
            normalize: normalizeLevel,
            label: `P${r.no_urut}.${j + 1} ${a.elemen}`,
            description: `${r.nama}\n${t('projek.perencanaan.dimensi')}: ${a.dimensi}\n${t('projek.perencanaan.elemen')}: ${a.elemen}\n${t('projek.perencanaan.subElemen')}: ${a.sub_elemen}`,
            width: 120,
          }),
        ),
        {
          id: catatanCol(r.rencana_budaya_kerja_id),
          kind: 'text',
          validate: maxLengthValidator(CATATAN_PROSES_MAX),
          label: `P${r.no_urut} ${t('projek.penilaian.catatanProses')}`,
          description: r.nama,
          width: 260,
        },
      ]),
    [data, t],
  );
  const headers = useMemo<RowHeaderColumn[]>(
    () => [
      { label: t('projek.penilaian.no'), width: 48 },
      { label: t('projek.penilaian.nama'), width: 220 },
      { label: 'NISN', width: 110 },
      ...(data?.writable ? [{ label: t('projek.penilaian.raporP5'), width: 96 }] : []),
    ],
    [t, data?.writable],
  );
  const rows = useMemo<GradeGridRow[]>(
    () =>
      (data?.siswa ?? []).map((s, i) => ({
        id: s.anggota_rombel_id,
        name: s.nama,
        header: [
          i + 1,
          s.nama,
          s.nisn ?? '-',
          // The pupil's P5 report (before 20251 only: later there is none).
          ...(data?.writable
            ? [
                <Button
                  key="p5"
                  size="compact-xs"
                  variant="light"
                  onClick={() =>
                    openPdf(`/cetak/rapor-p5/${s.anggota_rombel_id}`).catch((e: unknown) =>
                      toast.error(httpErrorMessage(e, t)),
                    )
                  }
                  aria-label={`${t('projek.penilaian.raporP5')} ${s.nama}`}
                  data-testid="nilai-rapor-p5"
                >
                  {t('projek.penilaian.cetak')}
                </Button>,
              ]
            : []),
        ],
      })),
    [data, t],
  );

  const submit = () => {
    if (!data) return;
    if (hasErrors(draft, columns)) {
      setRefusal({ message: t('projek.penilaian.fixCells'), problems: [], stale: false });
      return;
    }
    const sent = saveRows(changes(draft), data);
    if (sent.length === 0) {
      toast.info(t('projek.penilaian.nothingChanged'));
      return;
    }
    setRefusal(null);
    save.mutate(sent);
  };

  return (
    <Stack gap="md">
      {guard.modal}
      {data && !data.writable ? <ReadOnlyNotice /> : null}
      <Card withBorder radius="md" padding="lg">
        <Group align="end" gap="sm" wrap="wrap">
          <Select
            label={t('projek.perencanaan.tingkat')}
            placeholder={t('projek.perencanaan.pilihTingkat')}
            data={tingkatOptions}
            value={view.tingkat ?? null}
            onChange={(v) => setView({ tingkat: v, rombel: null })}
            disabled={dirty}
            w={180}
            data-testid="nilai-tingkat"
          />
          <Select
            label={t('projek.perencanaan.rombel')}
            placeholder={t('projek.perencanaan.pilihRombel')}
            data={rombelOptions}
            value={chosen}
            onChange={(v) => setView({ rombel: v })}
            disabled={dirty || !view.tingkat}
            w={240}
            data-testid="nilai-rombel"
          />
        </Group>
        {!data ? (
          <Text size="sm" c="dimmed" mt="sm">
            {t('projek.penilaian.hint')}
          </Text>
        ) : null}
      </Card>
      {classes.isError ? <ErrorAlert error={classes.error} title={t('projek.penilaian.loadFailed')} /> : null}
      {chosen && grid.isError ? (
        <ErrorAlert error={grid.error} title={t('projek.penilaian.loadFailed')} />
      ) : null}
      {data ? (
        <Card withBorder radius="md" padding="lg">
          <Stack gap="sm">
            <GateAlert closed={closed} testId="nilai-gate" />
            <SaveRefusal
              refusal={refusal}
              title={t('projek.penilaian.problems')}
              onReload={() => void grid.refetch()}
              testId="nilai-refused"
            />
            <Legend opsi={data.opsi} />
            {data.siswa.length === 0 || data.rencana.length === 0 ? (
              <Text c="dimmed" data-testid="nilai-empty">
                {t('projek.penilaian.empty')}
              </Text>
            ) : (
              <GradeGrid
                columns={columns}
                rowHeaderColumns={headers}
                rows={rows}
                draft={draft}
                onChange={setDraft}
                readOnly={readOnly || save.isPending}
                label={data.rombel}
                testId="nilai-grid"
              />
            )}
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

/** The four levels with their descriptions, above the grid. */
function Legend({
  opsi,
}: {
  opsi: readonly { opsi_id: number; kode: string; nama: string; deskripsi: string }[];
}) {
  return (
    <Table withTableBorder data-testid="nilai-legend">
      <Table.Tbody>
        {opsi.map((o) => (
          <Table.Tr key={o.opsi_id}>
            <Table.Td w={70} fw={600}>
              {o.kode}
            </Table.Td>
            <Table.Td w={240}>{o.nama}</Table.Td>
            <Table.Td>{o.deskripsi}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
