import { ident, type Sql } from '../../db/raw-sql';

/**
 * What a backup of one school holds, read from the database's own catalog rather than listed by
 * hand, so a table added by a later migration is in the next backup without a change here:
 *
 * - **school tables**: every table with a `sekolah_id` column (its rows of that school), and every
 *   table without one whose foreign key leads to a school table (the rows hanging off them);
 * - **reference tables**: the tables the school's rows point to by foreign key that are not the
 *   school's own (semester, tahun_ajaran, ref_p5_sub_elemen, the national rows of ref_paket_ukk…),
 *   and what those point to in turn. Only the rows actually pointed to are taken;
 * - **left out**: login tokens and password-reset links (a restore ends every login) and jobs.
 *
 * National reference tables without a foreign key (decision 007: Dapodik may send codes before the
 * national files are imported) are not in a backup: every installation loads them (built-in set,
 * reference import), and a code without its row is shown as a code, as after a sync.
 */

export const EXCLUDED_TABLES = new Set(['refresh_tokens', 'password_resets', 'jobs']);
export const ROOT_TABLE = 'sekolah';

export interface ForeignKey {
  columns: string[];
  parent: string;
  parentColumns: string[];
}

export interface TableInfo {
  name: string;
  columns: string[];
  primaryKey: string[];
  hasSekolahId: boolean;
  /** sekolah_id may be null: the table holds national rows next to the schools' (ref_paket_ukk). */
  sekolahIdNullable: boolean;
  foreignKeys: ForeignKey[];
  /**
   * Identity columns (riwayat_nilai's running id): a surrogate number no other row points to, given
   * anew by the database on restore — an archive's numbers could be taken by another school's rows
   * in the database it is restored into, and its sequence would lag behind them.
   */
  identity: string[];
  /**
   * Every unique key (primary key, unique constraints and plain unique indexes) by its columns — what
   * a restored row must not share with another school's row or a national one (decision 051).
   * Partial and expression indexes are left to the database (a refusal of the whole table).
   */
  uniqueKeys: { columns: string[]; nullsNotDistinct: boolean }[];
}

export interface Catalog {
  tables: Map<string, TableInfo>;
  /** Parents before children (self-references ignored). */
  order: string[];
  /** The school's own tables, in `order`. */
  school: string[];
  /** Tables whose rows the school's rows point to, in `order`. */
  reference: string[];
}

export async function readCatalog(sql: Sql): Promise<Catalog> {
  const cols = await sql<{
    table_name: string;
    column_name: string;
    is_nullable: string;
    is_identity: string;
  }>(
    `select c.table_name, c.column_name, c.is_nullable, c.is_identity
       from information_schema.columns c
       join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
      where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
        and c.table_name not like '\\_\\_drizzle%'
      order by c.table_name, c.ordinal_position`,
  );
  const tables = new Map<string, TableInfo>();
  for (const c of cols) {
    let t = tables.get(c.table_name);
    if (!t) {
      t = {
        name: c.table_name,
        columns: [],
        primaryKey: [],
        hasSekolahId: false,
        sekolahIdNullable: false,
        foreignKeys: [],
        identity: [],
        uniqueKeys: [],
      };
      tables.set(c.table_name, t);
    }
    t.columns.push(c.column_name);
    if (c.is_identity === 'YES') t.identity.push(c.column_name);
    if (c.column_name === 'sekolah_id') {
      t.hasSekolahId = true;
      t.sekolahIdNullable = c.is_nullable === 'YES';
    }
  }
  const cons = await sql<{
    table_name: string;
    contype: string;
    cols: string[];
    parent: string | null;
    pcols: string[] | null;
  }>(
    `select cl.relname as table_name, co.contype,
            (select array_agg(a.attname order by k.i) from unnest(co.conkey) with ordinality k(n, i)
               join pg_attribute a on a.attrelid = co.conrelid and a.attnum = k.n) as cols,
            pcl.relname as parent,
            (select array_agg(a.attname order by k.i) from unnest(co.confkey) with ordinality k(n, i)
               join pg_attribute a on a.attrelid = co.confrelid and a.attnum = k.n) as pcols
       from pg_constraint co
       join pg_class cl on cl.oid = co.conrelid
       join pg_namespace n on n.oid = cl.relnamespace
       left join pg_class pcl on pcl.oid = co.confrelid
      where n.nspname = 'public' and co.contype in ('p', 'f')
      order by cl.relname, co.conname`,
  );
  for (const c of cons) {
    const t = tables.get(c.table_name);
    if (!t) continue;
    if (c.contype === 'p') t.primaryKey = pgArray(c.cols);
    else if (c.parent)
      t.foreignKeys.push({ columns: pgArray(c.cols), parent: c.parent, parentColumns: pgArray(c.pcols) });
  }
  const uniques = await sql<{ table_name: string; cols: string[]; nnd: boolean }>(
    `select cl.relname as table_name, i.indnullsnotdistinct as nnd,
            (select array_agg(a.attname order by k.i) from unnest(i.indkey::int2[]) with ordinality k(n, i)
               join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.n) as cols
       from pg_index i
       join pg_class cl on cl.oid = i.indrelid
       join pg_namespace n on n.oid = cl.relnamespace
      where n.nspname = 'public' and i.indisunique and i.indpred is null and i.indexprs is null
      order by cl.relname, i.indexrelid`,
  );
  for (const u of uniques)
    tables.get(u.table_name)?.uniqueKeys.push({ columns: pgArray(u.cols), nullsNotDistinct: u.nnd });

  const order = topologicalOrder(tables);
  const isSchool = new Set<string>();
  // A table is the school's when it has sekolah_id, or a foreign key to a school table.
  for (let changed = true; changed; ) {
    changed = false;
    for (const t of tables.values()) {
      if (isSchool.has(t.name) || EXCLUDED_TABLES.has(t.name)) continue;
      if (t.hasSekolahId || t.foreignKeys.some((fk) => fk.parent !== t.name && isSchool.has(fk.parent))) {
        isSchool.add(t.name);
        changed = true;
      }
    }
  }
  const isReference = new Set<string>();
  const visit = (t: TableInfo) => {
    for (const fk of t.foreignKeys) {
      const parent = tables.get(fk.parent);
      if (!parent || parent.name === t.name || parent.name === ROOT_TABLE || EXCLUDED_TABLES.has(parent.name))
        continue;
      // A school table is a reference table too when it also holds national rows (sekolah_id null).
      if (isSchool.has(parent.name) && !parent.sekolahIdNullable) continue;
      if (!isReference.has(parent.name)) {
        isReference.add(parent.name);
        visit(parent);
      }
    }
  };
  for (const name of isSchool) visit(tables.get(name) as TableInfo);
  return {
    tables,
    order,
    school: order.filter((n) => isSchool.has(n)),
    reference: order.filter((n) => isReference.has(n)),
  };
}

/** node-postgres parses name[] to an array; PGlite may hand back `{a,b}`. */
function pgArray(v: string[] | string | null): string[] {
  if (v === null) return [];
  if (Array.isArray(v)) return v;
  return v
    .replace(/^\{|\}$/g, '')
    .split(',')
    .filter(Boolean)
    .map((s) => s.replace(/^"|"$/g, ''));
}

function topologicalOrder(tables: Map<string, TableInfo>): string[] {
  const out: string[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (name: string, path: string[]) => {
    const s = state.get(name);
    if (s === 'done') return;
    if (s === 'visiting') throw new Error(`foreign keys form a cycle: ${[...path, name].join(' → ')}`);
    state.set(name, 'visiting');
    for (const fk of tables.get(name)?.foreignKeys ?? []) {
      if (fk.parent !== name && tables.has(fk.parent)) visit(fk.parent, [...path, name]);
    }
    state.set(name, 'done');
    out.push(name);
  };
  for (const name of [...tables.keys()].sort()) visit(name, []);
  return out;
}

/**
 * SQL condition (alias `r`) for a school table's rows of the school `$1`: its own sekolah_id, or,
 * without one, a foreign key to a row of a school table that is in the school.
 */
export function schoolScope(catalog: Catalog, table: string, alias = 'r', depth = 0): string {
  const t = catalog.tables.get(table);
  if (!t) throw new Error(`unknown table ${table}`);
  if (t.hasSekolahId) return `${alias}.sekolah_id = $1`;
  if (depth > 8) throw new Error(`school scope of ${table} too deep`);
  const parts: string[] = [];
  for (const fk of t.foreignKeys) {
    if (fk.parent === table || !catalog.school.includes(fk.parent)) continue;
    const p = `p${depth}`;
    const join = fk.columns
      .map((c, i) => `${p}.${ident(fk.parentColumns[i] as string)} = ${alias}.${ident(c)}`)
      .join(' and ');
    parts.push(
      `exists (select 1 from ${ident(fk.parent)} ${p} where ${join} and ${schoolScope(catalog, fk.parent, p, depth + 1)})`,
    );
  }
  return parts.length ? `(${parts.join(' or ')})` : 'false';
}

/**
 * SQL condition (alias `r`) for the rows of a reference table the school's rows point to: for each
 * foreign key of a school or reference table into it, a row pointed to by a row in the backup.
 */
export function referenceScope(catalog: Catalog, table: string, alias = 'r', depth = 0): string {
  if (depth > 8) throw new Error(`reference scope of ${table} too deep`);
  const parts: string[] = [];
  for (const name of [...catalog.school, ...catalog.reference]) {
    const child = catalog.tables.get(name) as TableInfo;
    for (const fk of child.foreignKeys) {
      if (fk.parent !== table || name === table) continue;
      const c = `c${depth}`;
      const join = fk.columns
        .map((col, i) => `${c}.${ident(col)} = ${alias}.${ident(fk.parentColumns[i] as string)}`)
        .join(' and ');
      const inBackup = catalog.school.includes(name)
        ? schoolScope(catalog, name, c, depth + 1)
        : referenceScope(catalog, name, c, depth + 1);
      parts.push(`exists (select 1 from ${ident(name)} ${c} where ${join} and ${inBackup})`);
    }
  }
  const t = catalog.tables.get(table) as TableInfo;
  // A table holding both national and school rows: only the national ones are reference rows.
  const national = t.hasSekolahId ? `${alias}.sekolah_id is null and ` : '';
  return parts.length ? `(${national}(${parts.join(' or ')}))` : 'false';
}
