import { ERROR_CODES } from '@erapor/contract/errors';
import {
  ASESMEN_MESSAGES,
  JENIS_LABEL,
  type JenisTemplate,
  pdLabel,
} from '@erapor/contract/penilaian/asesmen';
import { normalizeName, normalizeNisn, sameName } from '@erapor/contract/person-match';
import { AppError, fieldError } from '../../lib/errors';
import {
  type Cell,
  cellAddress,
  cellAt,
  cellText,
  columnCount,
  rowCount,
  type SheetData,
  type WorkbookData,
} from '../../lib/spreadsheet/model';
import { ValueCells } from '../../lib/spreadsheet/value-cells';
import { META_MARK, META_SHEET, NA_HEADINGS, SHEET_NAME } from './excel-layout';
import type { Pupil } from './roster';

/*
 * Reading a grade template back as teachers really edit it (issue: Excel uploads). The rules:
 *  - The file says what it is in its very hidden sheet (found by its mark, whatever its name).
 *  - Columns are found by their headings and the hidden key row above them, wherever they are: an
 *    inserted column or row, a renamed or moved sheet, a deleted instruction row change nothing.
 *    A column that is not the template's is ignored and named in a note.
 *  - Every row proves its pupil: the visible name (and the NISN, where the row has one) must be the
 *    pupil of the row's hidden id — names compared as a person reads them, NISN as ten digits
 *    (packages/contract/src/person-match.ts). A row that does not match is refused, so a file sorted
 *    on some columns only never puts a score on the wrong pupil.
 *  - A row without a hidden id (typed by the teacher) is matched by a NISN or a name that belongs to
 *    exactly one pupil of the class, and noted; otherwise noted as not read.
 *  - A cell means what the teacher sees: an error value (#DIV/0!), a formula without a stored
 *    result or a merged range over value cells is refused by its address, never read as empty or
 *    as its neighbour's value (lib/spreadsheet/value-cells.ts); only a blank cell empties a score.
 *  - Any refusal refuses the whole file, listing every problem at once (422): nothing reaches the grid
 *    (and so nothing can be saved) until the file is right. Notes come with a successful read.
 */

const FIELD = 'file_excel';
const MAX_LISTED = 50;
const HEAD_SEARCH_ROWS = 60;
/** How far above the headings the hidden key row may be (the template has it right above). */
const KEY_SEARCH_ROWS = 4;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface TemplateMeta {
  jenis: JenisTemplate;
  pembelajaranId: string;
  mapel: string;
  kelas: string;
  /** Absent in templates made before the semester was written into them. */
  semesterId: string | null;
  sheet: string;
  /**
   * No identification sheet: the grade sheet was copied into a new workbook. The meta is then the
   * upload's own (jenis, pembelajaran from the request) and the sheet must prove it (checkCopiedMapel, layoutOf).
   */
  copied?: boolean;
}

export interface UploadTarget {
  jenis: JenisTemplate;
  /** The grid's pupils and column keys today (a file's others are skipped and noted). */
  pupils: readonly Pupil[];
  columns: ReadonlySet<string>;
}

export interface ParsedUpload {
  rows: { anggota_rombel_id: string; values: Record<string, string> }[];
  catatan: string[];
}

const formatSalah = () => fieldError(FIELD, ASESMEN_MESSAGES.formatSalah);
const upper = (cell: Cell) => cellText(cell).toUpperCase();
const isBlank = (cell: Cell) => cell === null || (typeof cell === 'string' && cell.trim() === '');

function metaOf(sheet: SheetData): Map<string, string> | null {
  const map = new Map<string, string>();
  for (const row of sheet.rows) map.set(cellText(row[0] ?? null), cellText(row[1] ?? null));
  return map.get('mark') === META_MARK ? map : null;
}

/**
 * What a workbook says it is, or null when it has no identification sheet (a grade sheet copied
 * into a new file, or a workbook we did not make); "Format Import salah…" for a broken one.
 */
export function readTemplateMeta(workbook: WorkbookData): TemplateMeta | null {
  for (const sheet of workbook.sheets) {
    const meta = metaOf(sheet);
    if (!meta) continue;
    const jenis = meta.get('jenis') as JenisTemplate | undefined;
    const pembelajaranId = meta.get('pembelajaran_id');
    if (!jenis || !(jenis in JENIS_LABEL) || !pembelajaranId) throw formatSalah();
    return {
      jenis,
      pembelajaranId,
      mapel: meta.get('mapel') || '?',
      kelas: meta.get('kelas') || '?',
      semesterId: meta.get('semester_id') || null,
      sheet: meta.get('sheet') || SHEET_NAME[jenis],
    };
  }
  return null;
}

/** The meta of a workbook without an identification sheet: the upload's own, to be proven by the rows. */
export function copiedMeta(
  jenis: JenisTemplate,
  pembelajaranId: string,
  mapel: string,
  kelas: string,
): TemplateMeta {
  return { jenis, pembelajaranId, mapel, kelas, semesterId: null, sheet: SHEET_NAME[jenis], copied: true };
}

const copiedRefusal = (kurang: string) => fieldError(FIELD, ASESMEN_MESSAGES.copiedRefused(kurang));

/** The text right of a "Mata Pelajaran" label above the headings (": Matematika" → "Matematika"), or null. */
function visibleMapel(sheet: SheetData, head: number): string | null {
  for (let r = 1; r < head; r++) {
    const row = sheet.rows[r - 1] ?? [];
    const at = row.findIndex((cell) => upper(cell) === 'MATA PELAJARAN');
    if (at < 0) continue;
    const value = row
      .slice(at + 1)
      .map(cellText)
      .find((t) => t.replace(/^[\s:]+/, '') !== '');
    return value === undefined ? null : value.replace(/^[\s:]+/, '');
  }
  return null;
}

/**
 * A copied sheet must show it is of this subject: the SLM and Nilai Akhir keys are this subject's
 * TP ids, but Sumatif Akhir Semester keys (tes, non-tes) are every subject's, so there the visible
 * "Mata Pelajaran" line must name it; where that line is written it must name this subject.
 */
function checkCopiedMapel(sheet: SheetData, head: number, meta: TemplateMeta): void {
  const found = visibleMapel(sheet, head);
  if (found !== null && !sameName(found, meta.mapel))
    throw copiedRefusal(ASESMEN_MESSAGES.copiedOtherMapel(found, meta.mapel));
  if (found === null && meta.jenis === 'akhir-semester') throw copiedRefusal(ASESMEN_MESSAGES.copiedNoMapel);
}

// --- layout ---------------------------------------------------------------------------------

interface Layout {
  sheet: SheetData;
  head: number;
  id: number;
  nama: number;
  nisn: number | null;
  /** Value columns and the grid column each fills. */
  values: { col: number; key: string }[];
  /** nilai-akhir: the TP_ID column (its rows' TP), else null. */
  tpId: number | null;
  notes: string[];
  /** Key columns of TPs no longer mapped to this subject. */
  unknownTp: number;
}

function headRowOf(sheet: SheetData, required: readonly string[]): number | null {
  const last = Math.min(rowCount(sheet), HEAD_SEARCH_ROWS);
  for (let r = 1; r <= last; r++) {
    const texts = new Set((sheet.rows[r - 1] ?? []).map(upper));
    if (required.every((h) => texts.has(h))) return r;
  }
  return null;
}

/** The template's data sheet: the one the meta names first, then any other with a PD_ID heading. */
function dataSheet(workbook: WorkbookData, meta: TemplateMeta): { sheet: SheetData; head: number } {
  const required = meta.jenis === 'nilai-akhir' ? ['PD_ID', 'TP_ID'] : ['PD_ID'];
  const candidates = workbook.sheets
    .filter((s) => s.name !== META_SHEET && !metaOf(s))
    .sort((a, b) => Number(b.name === meta.sheet) - Number(a.name === meta.sheet));
  for (const sheet of candidates) {
    const head = headRowOf(sheet, required);
    if (head) return { sheet, head };
  }
  if (meta.copied) throw copiedRefusal(ASESMEN_MESSAGES.copiedNoSheet(meta.jenis));
  throw fieldError(FIELD, ASESMEN_MESSAGES.sheetMissing);
}

function headingColumns(sheet: SheetData, head: number): Map<string, number> {
  const columns = new Map<string, number>();
  (sheet.rows[head - 1] ?? []).forEach((cell, i) => {
    const h = upper(cell);
    if (h && !columns.has(h)) columns.set(h, i + 1);
  });
  return columns;
}

function required(sheet: SheetData, columns: Map<string, number>, heading: string, shown = heading): number {
  const col = columns.get(heading);
  if (!col) throw fieldError(FIELD, ASESMEN_MESSAGES.headingMissing(sheet.name, shown));
  return col;
}

const columnLetter = (c: number) => cellAddress(1, c).replace(/\d+$/, '');

/** A column outside the template: named in a note when it has a heading or holds anything. */
function ignoredColumn(sheet: SheetData, head: number, col: number): string | null {
  const heading = cellText(cellAt(sheet, head, col));
  let used = heading !== '';
  for (let r = head + 1; !used && r <= rowCount(sheet); r++) used = !isBlank(cellAt(sheet, r, col));
  return used ? ASESMEN_MESSAGES.columnIgnored(columnLetter(col), heading) : null;
}

const looksLikeKey = (key: string) => UUID.test(key) || key === 'tes' || key === 'non-tes';

function scoreLayout(sheet: SheetData, head: number, target: UploadTarget): Layout {
  const columns = headingColumns(sheet, head);
  const id = required(sheet, columns, 'PD_ID');
  const nama = required(sheet, columns, 'NAMA', 'Nama');
  const nisn = columns.get('NISN') ?? null;
  const no = columns.get('NO') ?? null;
  const identity = new Set([id, nama, nisn, no]);
  const width = columnCount(sheet);

  // The hidden key row: the nearest row above the headings that holds template keys.
  let keyRow: number | null = null;
  for (let r = head - 1; r >= Math.max(1, head - KEY_SEARCH_ROWS) && keyRow === null; r--) {
    for (let c = 1; c <= width; c++) {
      if (!identity.has(c) && looksLikeKey(cellText(cellAt(sheet, r, c)))) keyRow = r;
    }
  }
  if (keyRow === null && target.columns.size > 0)
    throw fieldError(FIELD, ASESMEN_MESSAGES.keyRowMissing(sheet.name));

  const values: Layout['values'] = [];
  const notes: string[] = [];
  const taken = new Set<string>();
  let unknownTp = 0;
  for (let c = 1; c <= width; c++) {
    if (identity.has(c)) continue;
    const key = keyRow === null ? '' : cellText(cellAt(sheet, keyRow, c));
    if (key && target.columns.has(key) && !taken.has(key)) {
      taken.add(key);
      values.push({ col: c, key });
    } else if (key && looksLikeKey(key) && !target.columns.has(key)) unknownTp++;
    else {
      const note = ignoredColumn(sheet, head, c);
      if (note) notes.push(note);
    }
  }
  if (target.jenis === 'akhir-semester') {
    if (!taken.has('non-tes'))
      throw fieldError(FIELD, ASESMEN_MESSAGES.headingMissing(sheet.name, 'NILAI_NON_TES'));
    if (!taken.has('tes')) throw fieldError(FIELD, ASESMEN_MESSAGES.headingMissing(sheet.name, 'NILAI_TES'));
  }
  return { sheet, head, id, nama, nisn, values, tpId: null, notes, unknownTp };
}

function nilaiAkhirLayout(sheet: SheetData, head: number): Layout {
  const columns = headingColumns(sheet, head);
  const col = (h: (typeof NA_HEADINGS)[number]) => required(sheet, columns, h);
  const layout: Layout = {
    sheet,
    head,
    id: col('PD_ID'),
    nama: col('NAMA'),
    nisn: columns.get('NISN') ?? null,
    values: [
      { col: col('NILAI AKHIR'), key: 'nilai_akhir' },
      // The ketercapaian column: its key is the row's TP (below).
      { col: col('KETERCAPAIAN KOMPETENSI'), key: '' },
    ],
    tpId: col('TP_ID'),
    notes: [],
    unknownTp: 0,
  };
  const known = new Set((NA_HEADINGS as readonly string[]).map((h) => columns.get(h)));
  for (let c = 1; c <= columnCount(sheet); c++) {
    if (known.has(c)) continue;
    const note = ignoredColumn(sheet, head, c);
    if (note) layout.notes.push(note);
  }
  return layout;
}

// --- rows -----------------------------------------------------------------------------------

class Problems {
  readonly list: string[] = [];
  add(message: string): void {
    this.list.push(message);
  }
  throwIfAny(): void {
    if (this.list.length === 0) return;
    const summary = ASESMEN_MESSAGES.refused(this.list.length);
    const details: Record<string, string> = { [FIELD]: summary };
    this.list.slice(0, MAX_LISTED).forEach((m, i) => {
      details[`${FIELD}.${i + 1}`] = m;
    });
    if (this.list.length > MAX_LISTED) {
      details[`${FIELD}.${MAX_LISTED + 1}`] = ASESMEN_MESSAGES.refusedMore(this.list.length - MAX_LISTED);
    }
    throw new AppError(422, ERROR_CODES.VALIDATION, summary, details);
  }
}

/** The pupil a row is about, proving it; null when the row is not read (noted or refused). */
class PupilMatcher {
  private readonly byId: Map<string, Pupil>;
  private readonly byNisn = new Map<string, Pupil[]>();
  private readonly byName = new Map<string, Pupil[]>();
  /** anggota_rombel_id → the first row that gave it. */
  readonly seen = new Map<string, number>();

  constructor(
    pupils: readonly Pupil[],
    private readonly problems: Problems,
    private readonly notes: string[],
  ) {
    this.byId = new Map(pupils.map((p) => [p.anggota_rombel_id, p]));
    const push = (map: Map<string, Pupil[]>, key: string, p: Pupil) =>
      map.set(key, [...(map.get(key) ?? []), p]);
    for (const p of pupils) {
      if (p.nisn) push(this.byNisn, normalizeNisn(p.nisn), p);
      push(this.byName, normalizeName(p.nama), p);
    }
  }

  match(r: number, id: string, nama: string, nisn: string): Pupil | null {
    let pupil: Pupil | null;
    if (id) {
      pupil = this.byId.get(id) ?? null;
      if (!pupil) {
        this.notes.push(ASESMEN_MESSAGES.rowLeft(r, nama));
        return null;
      }
      const who = pdLabel(pupil.nama, pupil.nisn);
      if (!nama) return this.refuse(ASESMEN_MESSAGES.rowNameEmpty(r));
      if (!sameName(nama, pupil.nama)) return this.refuse(ASESMEN_MESSAGES.rowNameMismatch(r, nama, who));
      if (nisn && pupil.nisn && normalizeNisn(nisn) !== normalizeNisn(pupil.nisn)) {
        return this.refuse(ASESMEN_MESSAGES.rowNisnMismatch(r, nisn, who));
      }
    } else {
      const only = (list: Pupil[] | undefined) => (list?.length === 1 ? (list[0] as Pupil) : null);
      const viaNisn = nisn ? only(this.byNisn.get(normalizeNisn(nisn))) : null;
      const viaName = nama ? only(this.byName.get(normalizeName(nama))) : null;
      // A NISN and a name that point at two different pupils prove nothing.
      pupil = viaNisn && viaName && viaNisn !== viaName ? null : (viaNisn ?? viaName);
      if (!pupil) {
        this.notes.push(ASESMEN_MESSAGES.rowNotRead(r, nama));
        return null;
      }
      this.notes.push(
        ASESMEN_MESSAGES.rowMatched(r, pdLabel(pupil.nama, pupil.nisn), viaNisn ? 'NISN' : 'nama'),
      );
    }
    const first = this.seen.get(pupil.anggota_rombel_id);
    if (first !== undefined)
      return this.refuse(ASESMEN_MESSAGES.rowDuplicate(r, pdLabel(pupil.nama, pupil.nisn), first));
    this.seen.set(pupil.anggota_rombel_id, r);
    return pupil;
  }

  private refuse(message: string): null {
    this.problems.add(message);
    return null;
  }
}

/** A value cell as the grid's text; a cell without a value of its own is a problem (value-cells.ts). */
function valueText(cells: ValueCells, r: number, c: number, problems: Problems): string {
  const text = cells.text(r, c);
  // Drained at once, so problems stay in the order of the rows.
  for (const p of cells.problems.splice(0)) problems.add(p);
  return text;
}

/**
 * The layout of the data sheet. A copied sheet whose columns are not this template's (another
 * template's sheet, another subject's TPs) is refused as copied, naming what is missing.
 */
function layoutOf(sheet: SheetData, head: number, target: UploadTarget, meta: TemplateMeta): Layout {
  const read = () =>
    target.jenis === 'nilai-akhir' ? nilaiAkhirLayout(sheet, head) : scoreLayout(sheet, head, target);
  if (!meta.copied) return read();
  let layout: Layout;
  try {
    layout = read();
  } catch (err) {
    if (err instanceof AppError) throw copiedRefusal(ASESMEN_MESSAGES.copiedNoColumns(target.jenis));
    throw err;
  }
  if (layout.values.length === 0) throw copiedRefusal(ASESMEN_MESSAGES.copiedNoColumns(target.jenis));
  return layout;
}

/**
 * The values of an uploaded grade template for the grid, after readTemplateMeta said it is the
 * right one. Throws a 422 listing every problem, or a "Format Import salah" naming what is missing.
 */
export function readGrades(workbook: WorkbookData, meta: TemplateMeta, target: UploadTarget): ParsedUpload {
  const { sheet, head } = dataSheet(workbook, meta);
  if (meta.copied) checkCopiedMapel(sheet, head, meta);
  const layout = layoutOf(sheet, head, target, meta);
  const problems = new Problems();
  const notes: string[] = [
    ...(meta.copied ? [ASESMEN_MESSAGES.copiedRead(sheet.name)] : []),
    ...layout.notes,
  ];
  const matcher = new PupilMatcher(target.pupils, problems, notes);
  const byPupil = new Map<string, Record<string, string>>();
  const unknownTp = new Set<string>();
  const text = (r: number, c: number | null) => (c === null ? '' : cellText(cellAt(sheet, r, c)));
  const cells = new ValueCells(sheet);

  // nilai-akhir: the block of TP rows the previous row opened (merged pupil cells repeat its id).
  let block: { id: string; pupil: Pupil | null } | null = null;
  for (let r = head + 1; r <= rowCount(sheet); r++) {
    const id = text(r, layout.id);
    const nama = text(r, layout.nama);
    const nisn = text(r, layout.nisn);
    const valueCells = layout.values.map((v) => cellAt(sheet, r, v.col));
    if (layout.tpId !== null) {
      const tp = text(r, layout.tpId);
      const continues = block !== null && (id === block.id || (!id && !nama && tp !== ''));
      if (!continues) {
        if (!id && !nama && !nisn) {
          block = null;
          if (!valueCells.every(isBlank)) notes.push(ASESMEN_MESSAGES.rowNotRead(r, ''));
          continue;
        }
        block = { id, pupil: matcher.match(r, id, nama, nisn) };
      }
      const pupil = block?.pupil;
      if (!pupil) continue;
      const values = byPupil.get(pupil.anggota_rombel_id) ?? {};
      if (!continues) values.nilai_akhir = valueText(cells, r, layout.values[0]?.col ?? 0, problems);
      if (tp) {
        if (target.columns.has(tp)) values[tp] = valueText(cells, r, layout.values[1]?.col ?? 0, problems);
        else unknownTp.add(tp);
      }
      byPupil.set(pupil.anggota_rombel_id, values);
      continue;
    }
    if (!id && !nama && !nisn) {
      if (!valueCells.every(isBlank)) notes.push(ASESMEN_MESSAGES.rowNotRead(r, ''));
      continue;
    }
    const pupil = matcher.match(r, id, nama, nisn);
    if (!pupil) continue;
    const values: Record<string, string> = {};
    for (const { col, key } of layout.values) values[key] = valueText(cells, r, col, problems);
    byPupil.set(pupil.anggota_rombel_id, values);
  }
  problems.throwIfAny();
  if (meta.copied && byPupil.size === 0) throw copiedRefusal(ASESMEN_MESSAGES.copiedNoPupil);

  const tpSkipped = layout.unknownTp + unknownTp.size;
  if (tpSkipped > 0) notes.push(ASESMEN_MESSAGES.uploadTpUnknown(tpSkipped));
  const missing = target.pupils.filter((p) => !byPupil.has(p.anggota_rombel_id)).length;
  if (missing > 0) notes.push(ASESMEN_MESSAGES.uploadPdMissing(missing));
  return {
    rows: target.pupils
      .filter((p) => byPupil.has(p.anggota_rombel_id))
      .map((p) => ({
        anggota_rombel_id: p.anggota_rombel_id,
        values: byPupil.get(p.anggota_rombel_id) ?? {},
      })),
    catatan: notes,
  };
}
