import type { GridContext, JenisTemplate } from '@erapor/contract/penilaian/asesmen';
import { Alert, Button, Group, List, Stack, Text } from '@mantine/core';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { GradeGrid } from '../../../../components/grade-grid/grade-grid';
import type {
  GradeGridColumn,
  GradeGridRow,
  RowHeaderColumn,
} from '../../../../components/grade-grid/grade-grid-types';
import {
  type CellChange,
  changes,
  createDraft,
  type GridDraft,
  isDirty,
  type LoadedGrid,
  listIssues,
  markSaved,
  setCells,
} from '../../../../components/grade-grid/grid-model';
import { useUnsavedGuard } from '../../../../components/grade-grid/use-unsaved-guard';
import { type RiwayatCell, RiwayatCellModal } from '../../../../components/riwayat-nilai/riwayat-cell-modal';
import { toHttpError } from '../../../../lib/http-errors';
import { serverText, useTranslation } from '../../../../lib/i18n';
import { toast } from '../../../../lib/toast';
import { ExcelTools } from './excel-tools';

/** A changed cell with the value the browser loaded, for the save request. */
export interface SentCell extends CellChange {
  before: string;
}

/** The request rows of a save and, per row, the cell it came from (to show the server's answer). */
export interface SaveBody {
  rows: readonly object[];
  cells: readonly { rowId: string; columnId: string }[];
  /** 'excel' when the grid was filled from an uploaded workbook since it was loaded or saved. */
  sumber?: 'layar' | 'excel';
}

export interface SaveOutcome {
  message: string;
}

/** What a screen gives the panel: columns, pupils, loaded values and how to save. */
export interface PanelSpec {
  context: GridContext;
  columns: readonly GradeGridColumn[];
  rowHeaderColumns: readonly RowHeaderColumn[];
  rows: readonly GradeGridRow[];
  loaded: LoadedGrid;
  /** Cells a save must include even unchanged (generated texts), as sent cells. */
  alwaysSend?: (draft: GridDraft) => SentCell[];
  toBody: (cells: readonly SentCell[], draft: GridDraft) => SaveBody;
  save: (body: SaveBody) => Promise<SaveOutcome>;
  /** Re-reads the grid (after a conflict); resolves with the new spec's loaded values. */
  reload: () => Promise<LoadedGrid | undefined>;
  /** Excel round trip of this grid, if it has one. */
  excel?: {
    jenis: JenisTemplate;
    toCell: (key: string, text: string) => { columnId: string; value: string } | null;
  };
  /** Buttons next to Simpan (they get the draft and its setter). */
  tools?: (draft: GridDraft, setDraft: (update: (d: GridDraft) => GridDraft) => void) => ReactNode;
  /** Notes above the grid. */
  notes?: ReactNode;
  /** Recomputes derived cells (e.g. NA) after every change. */
  derive?: (draft: GridDraft) => GridDraft;
  testId: string;
  label: string;
  /** Bump to start again from `loaded` (after a reset on the server). */
  version?: number;
  /** A column's key in the Riwayat Perubahan Nilai (default: its id; null: no history). */
  historyKey?: (columnId: string) => string | null;
}

interface ServerProblem {
  kind: 'conflict' | 'invalid' | 'gate' | 'other';
  message: string;
  cells: string[];
}

/**
 * The grade grid of one pembelajaran with everything around it: the gate's message, Simpan
 * (never while a cell is invalid), the server's answers (409 conflict with "reload, keep my
 * input", 422 cell messages, 423 gate) — the typed values always stay on screen — the Excel
 * round trip, and the unsaved-changes guard (menu, tab close).
 */
export function GradePanel({ spec }: { spec: PanelSpec }) {
  const { t } = useTranslation();
  const { context, columns, rows } = spec;
  const derive = spec.derive ?? ((d: GridDraft) => d);
  const fresh = () =>
    derive(
      createDraft(
        rows.map((r) => r.id),
        columns,
        spec.loaded,
      ),
    );
  const [draft, setDraftState] = useState<GridDraft>(fresh);
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<ServerProblem | null>(null);
  const [localError, setLocalError] = useState<string | null>(null);
  const [uploadNote, setUploadNote] = useState<{ message: string; catatan: string[] } | null>(null);
  const [fromExcel, setFromExcel] = useState(false);
  const [historyCell, setHistoryCell] = useState<RiwayatCell | null>(null);
  const setDraft = (update: (d: GridDraft) => GridDraft) => setDraftState((d) => derive(update(d)));

  // A new subject (or columns) starts from what the server holds.
  const identity = `${context.pembelajaran_id}|${columns.map((c) => c.id).join(',')}|${rows.length}|${spec.version ?? 0}`;
  const lastIdentity = useRef(identity);
  useEffect(() => {
    if (lastIdentity.current === identity) return;
    lastIdentity.current = identity;
    setDraftState(fresh());
    setProblem(null);
    setLocalError(null);
    setUploadNote(null);
    setFromExcel(false);
  });

  const dirty = isDirty(draft);
  const guard = useUnsavedGuard(dirty);
  const editable = context.can_edit;
  const nameOf = useMemo(() => new Map(rows.map((r) => [r.id, r.name])), [rows]);
  const labelOf = useMemo(() => new Map(columns.map((c) => [c.id, c.label])), [columns]);
  const where = (rowId: string, columnId: string) =>
    `${nameOf.get(rowId) ?? rowId} — ${labelOf.get(columnId) ?? columnId}`;

  const onSave = async () => {
    setProblem(null);
    setLocalError(null);
    const issues = listIssues(draft, columns);
    if (issues.length > 0) {
      setLocalError(t('penilaian.asesmen.fixCells', { count: issues.length }));
      return;
    }
    const index = new Map(draft.rowIds.map((id, i) => [id, i]));
    const colIndex = new Map(draft.columnIds.map((id, i) => [id, i]));
    const sent: SentCell[] = changes(draft)
      .filter((c) => !columns[colIndex.get(c.columnId) ?? -1]?.readOnly)
      .map((c) => ({
        ...c,
        before: draft.original[index.get(c.rowId) ?? -1]?.[colIndex.get(c.columnId) ?? -1] ?? '',
      }));
    const extra = (spec.alwaysSend?.(draft) ?? []).filter(
      (e) => !sent.some((s) => s.rowId === e.rowId && s.columnId === e.columnId),
    );
    const all = [...sent, ...extra];
    if (all.length === 0) {
      toast.info(t('penilaian.asesmen.savedTitle'), t('penilaian.asesmen.noChanges'));
      return;
    }
    const body = { ...spec.toBody(all, draft), sumber: fromExcel ? ('excel' as const) : ('layar' as const) };
    setSaving(true);
    try {
      const res = await spec.save(body);
      setDraftState((d) => derive(markSaved(d, all)));
      setUploadNote(null);
      setFromExcel(false);
      toast.success(t('penilaian.asesmen.savedTitle'), serverText(res.message));
    } catch (error) {
      const e = toHttpError(error);
      const cells = Object.entries(e.details).flatMap(([key, message]) => {
        const m = /^rows\.(\d+)\.(\w+)$/.exec(key);
        const cell = m ? body.cells[Number(m[1])] : undefined;
        return cell ? [`${where(cell.rowId, cell.columnId)}: ${message}`] : [];
      });
      const kind =
        e.status === 409 ? 'conflict' : e.status === 422 ? 'invalid' : e.status === 423 ? 'gate' : 'other';
      setProblem({ kind, message: e.message || t('errors.network'), cells });
    } finally {
      setSaving(false);
    }
  };

  // After a conflict: the newest values become the loaded ones, the user's own edits stay typed.
  const reloadKeepingInput = async () => {
    const loaded = await spec.reload();
    if (!loaded) return;
    setDraftState((old) => {
      const next = createDraft(old.rowIds, columns, loaded);
      const mine = changes(old).flatMap((c) => {
        const row = next.rowIds.indexOf(c.rowId);
        const col = next.columnIds.indexOf(c.columnId);
        return row < 0 || col < 0 || columns[col]?.readOnly ? [] : [{ row, col, value: c.value }];
      });
      return derive(setCells(derive(next), mine));
    });
    setProblem(null);
  };

  const onUploaded = (result: {
    message: string;
    catatan: string[];
    rows: { anggota_rombel_id: string; values: Record<string, string> }[];
  }) => {
    if (!spec.excel) return;
    const { toCell } = spec.excel;
    setDraft((d) => {
      const updates = result.rows.flatMap((r) => {
        const row = d.rowIds.indexOf(r.anggota_rombel_id);
        if (row < 0) return [];
        return Object.entries(r.values).flatMap(([key, text]) => {
          const cell = toCell(key, text);
          const col = cell ? d.columnIds.indexOf(cell.columnId) : -1;
          return cell && col >= 0 ? [{ row, col, value: cell.value }] : [];
        });
      });
      return setCells(d, updates);
    });
    setProblem(null);
    setFromExcel(true);
    setUploadNote({ message: result.message, catatan: result.catatan });
  };

  return (
    <Stack gap="sm" data-testid={spec.testId}>
      {!context.gate.open ? (
        <Alert color="red" data-testid="asesmen-gate">
          {context.gate.message}
        </Alert>
      ) : !editable ? (
        <Alert color="blue" data-testid="asesmen-readonly">
          {t('penilaian.asesmen.readOnlyNote')}
        </Alert>
      ) : null}
      {spec.notes}
      {editable && spec.excel ? (
        <ExcelTools
          pembelajaranId={context.pembelajaran_id}
          jenis={spec.excel.jenis}
          onUploaded={onUploaded}
        />
      ) : null}
      {uploadNote ? (
        <Alert
          color="teal"
          withCloseButton
          onClose={() => setUploadNote(null)}
          data-testid="asesmen-upload-note"
        >
          <Text size="sm">{uploadNote.message}</Text>
          {uploadNote.catatan.length > 0 ? (
            <List size="sm">
              {uploadNote.catatan.map((c) => (
                <List.Item key={c}>{c}</List.Item>
              ))}
            </List>
          ) : null}
        </Alert>
      ) : null}
      {problem ? (
        <Alert
          color={problem.kind === 'conflict' ? 'orange' : 'red'}
          data-testid={problem.kind === 'conflict' ? 'asesmen-conflict' : 'asesmen-error'}
        >
          <Text size="sm">{problem.message}</Text>
          {problem.cells.length > 0 ? (
            <List size="sm" mt={4}>
              {problem.cells.slice(0, 10).map((c) => (
                <List.Item key={c}>{c}</List.Item>
              ))}
            </List>
          ) : null}
          {problem.kind === 'conflict' ? (
            <Button
              size="xs"
              variant="light"
              mt="xs"
              onClick={() => void reloadKeepingInput()}
              data-testid="asesmen-reload"
            >
              {t('penilaian.asesmen.reloadKeep')}
            </Button>
          ) : null}
        </Alert>
      ) : null}
      {localError ? (
        <Alert color="red" data-testid="asesmen-local-error">
          {localError}
        </Alert>
      ) : null}
      <GradeGrid
        columns={columns}
        rowHeaderColumns={spec.rowHeaderColumns}
        rows={rows}
        draft={draft}
        onChange={setDraft}
        readOnly={!editable}
        label={spec.label}
        testId="grade-grid"
        onHistory={(cell) => {
          const column = columns.find((c) => c.id === cell.columnId);
          const kunci = spec.historyKey
            ? spec.historyKey(cell.columnId)
            : column?.readOnly
              ? null
              : cell.columnId;
          if (kunci === null) return;
          setHistoryCell({
            pembelajaranId: context.pembelajaran_id,
            anggotaRombelId: cell.rowId,
            kunci,
            name: `${cell.rowName} — ${cell.columnLabel}`,
          });
        }}
      />
      <RiwayatCellModal cell={historyCell} onClose={() => setHistoryCell(null)} />
      {editable ? (
        <Group justify="flex-end">
          {spec.tools?.(draft, setDraft)}
          <Button onClick={() => void onSave()} loading={saving} data-testid="asesmen-save">
            {t('penilaian.asesmen.save')}
          </Button>
        </Group>
      ) : null}
      {guard.modal}
    </Stack>
  );
}
