import { CADANGAN_MESSAGES } from '@erapor/contract/cadangan';
import { ident, type Sql } from '../../db/raw-sql';
import { CadanganRefused } from './archive';
import { type Catalog, schoolScope, type TableInfo } from './catalog';

/**
 * A restore touches only the school it restores, whatever the archive says (issue #24 part 3,
 * decision 051). The checksum proves nothing — anyone can recompute it — so every batch of rows is
 * checked against the database before it is inserted, inside the restore's transaction (the
 * school's old rows are already deleted there, so any row still holding a key is someone else's).
 * Every check is derived from the catalog (catalog.ts): a table, unique key or foreign key added by
 * a later migration is covered without a change here.
 *
 * A school row is refused when
 * - its `sekolah_id` is not the restoring school's (or missing);
 * - its id or any unique key (e-mail, Dapodik UUID, NISN…) is held by a row outside the school
 *   (another school's, or a national row);
 * - a foreign key points to a row that is neither the school's — that is, of this archive, inserted
 *   before it — nor national reference data that already exists.
 * A national reference row is never inserted from an archive: one that does not exist here yet is
 * refused (`newReference`); one that exists is left as the database has it.
 *
 * Messages name the archive's table and the row's position and key in it, never another school's
 * data; the same message whether a reference points into another school or nowhere.
 */

/** A finding: the row (from 1), what (0 its sekolah_id, 1 a unique key, 2 a foreign key) and which key. */
interface Finding {
  n: number | string;
  k: number;
  i: number;
}

/** The batch as rows of the table's own type, numbered from 1. */
const batch = (table: string, param: string) =>
  `with b as materialized (select * from jsonb_populate_recordset(null::${ident(table)}, ${param}::jsonb) with ordinality)`;

const equal = (left: string, right: string, cols: [string, string][], nullsNotDistinct = false) =>
  cols
    .map(
      ([l, r]) =>
        `${left}.${ident(l)} ${nullsNotDistinct ? 'is not distinct from' : '='} ${right}.${ident(r)}`,
    )
    .join(' and ');

/** Where a foreign key of a school row may point: the school's rows, or national rows. */
function allowedParent(catalog: Catalog, parent: string): string {
  const p = catalog.tables.get(parent);
  if (!p) return 'false';
  if (p.hasSekolahId) return `(p.sekolah_id = $1${p.sekolahIdNullable ? ' or p.sekolah_id is null' : ''})`;
  if (catalog.school.includes(parent)) return schoolScope(catalog, parent, 'p');
  return 'true';
}

/** Throws CadanganRefused for the first offending row of a batch of school rows. */
export async function checkSchoolRows(
  sql: Sql,
  catalog: Catalog,
  info: TableInfo,
  /** The archive's columns that are inserted (catalog.ts: the intersection, identity left out). */
  columns: string[],
  rows: string[],
  /** The archive's position (from 1, in its table) of the batch's row at an index. */
  position: (index: number) => number,
  sekolahId: string,
): Promise<void> {
  const present = (cols: string[]) => cols.every((c) => columns.includes(c));
  const parts: string[] = [];
  if (info.hasSekolahId)
    parts.push(`select ordinality as n, 0 as k, 0 as i from b where b.sekolah_id is distinct from $1`);
  const keys = info.uniqueKeys.filter((k) => present(k.columns));
  keys.forEach((k, i) => {
    const pairs = k.columns.map((c) => [c, c] as [string, string]);
    parts.push(
      `select ordinality, 1, ${i} from b where exists (select 1 from ${ident(info.name)} e
        where ${equal('e', 'b', pairs, k.nullsNotDistinct)} and not ${schoolScope(catalog, info.name, 'e')})`,
    );
  });
  const fks = info.foreignKeys.filter((fk) => present(fk.columns));
  fks.forEach((fk, i) => {
    const pairs = fk.parentColumns.map((pc, j) => [pc, fk.columns[j] as string] as [string, string]);
    const set = fk.columns.map((c) => `b.${ident(c)} is not null`).join(' and ');
    // A row may point to a row of its own batch (a sub-subject's parent): inserted with it.
    const sameBatch =
      fk.parent === info.name ? ` and not exists (select 1 from b b2 where ${equal('b2', 'b', pairs)})` : '';
    parts.push(
      `select ordinality, 2, ${i} from b where ${set} and not exists (select 1 from ${ident(fk.parent)} p
        where ${equal('p', 'b', pairs)} and ${allowedParent(catalog, fk.parent)})${sameBatch}`,
    );
  });
  if (parts.length === 0) return;
  const [found] = await sql<Finding>(
    `${batch(info.name, '$2')} select n, k, i from (${parts.join(' union all ')}) x order by n, k, i limit 1`,
    [sekolahId, `[${rows.join(',')}]`],
  );
  if (!found) return;
  const n = Number(found.n);
  const where = address(info, rows[n - 1] as string, position(n - 1));
  if (found.k === 0)
    throw new CadanganRefused('wrongSchool', CADANGAN_MESSAGES.wrongSchool(info.name, where));
  if (found.k === 1) {
    const key = keys[found.i]?.columns ?? [];
    throw new CadanganRefused('taken', CADANGAN_MESSAGES.taken(info.name, where, key.join(', ')));
  }
  const fk = fks[found.i]?.columns ?? [];
  throw new CadanganRefused(
    'outsideReference',
    CADANGAN_MESSAGES.outsideReference(info.name, where, fk.join(', ')),
  );
}

/**
 * National reference rows are not inserted from an archive (every school would see them): each
 * must already be here, as a national row. Throws CadanganRefused for the first that is not.
 */
export async function checkReferenceRows(
  sql: Sql,
  info: TableInfo,
  rows: string[],
  first: number,
): Promise<void> {
  const key = info.primaryKey.length ? info.primaryKey : info.columns;
  const pairs = key.map((c) => [c, c] as [string, string]);
  const national = info.hasSekolahId ? ' and e.sekolah_id is null' : '';
  const [found] = await sql<{ n: number | string }>(
    `${batch(info.name, '$1')} select ordinality as n from b
      where not exists (select 1 from ${ident(info.name)} e where ${equal('e', 'b', pairs)}${national})
      order by 1 limit 1`,
    [`[${rows.join(',')}]`],
  );
  if (!found) return;
  const n = Number(found.n);
  throw new CadanganRefused(
    'newReference',
    CADANGAN_MESSAGES.newReference(info.name, address(info, rows[n - 1] as string, first + n - 1)),
  );
}

/** "baris ke-3 (peserta_didik_id 1f6a…)": the row's position in its table and its own key in the archive. */
function address(info: TableInfo, text: string, position: number): string {
  let row: Record<string, unknown> = {};
  try {
    row = JSON.parse(text) as Record<string, unknown>;
  } catch {
    // checked by the reader already; the position alone still names it
  }
  const key = info.primaryKey
    .filter((c) => !info.identity.includes(c) && row[c] !== undefined && row[c] !== null)
    .map((c) => `${c} ${String(row[c])}`)
    .join(', ');
  return CADANGAN_MESSAGES.baris(position, key || undefined);
}
