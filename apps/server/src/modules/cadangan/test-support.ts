import { createHash } from 'node:crypto';
import { gunzipSync, gzipSync } from 'node:zlib';
import type { DatabaseHandle } from '../../db/client';
import { ident } from '../../db/raw-sql';
import { readCatalog, referenceScope, schoolScope } from './catalog';
import { withReadView } from './export';

/**
 * Every row of the school (and the keys of the reference rows it points to) as `to_jsonb` text, table by
 * table, sorted — what "the restore gives back the backup's state, row by row" compares. Read in
 * UTC so that the two engines print timestamps alike. `restoreSince`: the Riwayat Perubahan Nilai
 * entries a restore begun at that time wrote itself (sumber 'restore') are left out — they are the
 * only rows a restore adds to the backup's state (riwayat-nilai/cells.ts).
 */
export async function schoolState(
  handle: DatabaseHandle,
  sekolahId: string,
  opts: { restoreSince?: Date } = {},
): Promise<Record<string, string[]>> {
  return withReadView(handle, async (sql) => {
    await sql(`set timezone to 'UTC'`);
    const catalog = await readCatalog(sql);
    const out: Record<string, string[]> = {};
    for (const name of catalog.school) {
      // Identity numbers are given anew on restore (catalog.ts): compared without them.
      const without = (catalog.tables.get(name)?.identity ?? []).map((c) => ` - '${c}'`).join('');
      const ownEntries =
        name === 'riwayat_nilai' && opts.restoreSince
          ? ` and not (r.sumber = 'restore' and r.waktu >= '${opts.restoreSince.toISOString()}')`
          : '';
      const rows = await sql<{ j: string }>(
        `select (to_jsonb(r)${without})::text as j from ${ident(name)} r where ${schoolScope(catalog, name)}${ownEntries}`,
        [sekolahId],
      );
      out[name] = rows.map((r) => r.j).sort();
    }
    // National rows are only added where missing, never overwritten: their keys must be there.
    for (const name of catalog.reference) {
      const pk = (catalog.tables.get(name)?.primaryKey ?? []).map((c) => `r.${ident(c)}`).join(', ');
      const rows = await sql<{ j: string }>(
        `select jsonb_build_array(${pk})::text as j from ${ident(name)} r where ${referenceScope(catalog, name)}`,
        [sekolahId],
      );
      out[`ref:${name}`] = rows.map((r) => r.j).sort();
    }
    return out;
  });
}

/** The archive with its manifest changed and re-signed (as a newer app or a hand-edit would write it). */
export function resign(bytes: Buffer, edit: (m: Record<string, unknown>) => Record<string, unknown>): Buffer {
  const first = bytes.indexOf(0x0a);
  const second = bytes.indexOf(0x0a, first + 1);
  const manifest = edit(JSON.parse(bytes.subarray(first + 1, second).toString('utf8')));
  const data = bytes.subarray(second + 1);
  const checksum = createHash('sha256')
    .update(`${JSON.stringify({ ...manifest, checksum: '' })}\n`)
    .update(data)
    .digest('hex');
  return Buffer.concat([
    bytes.subarray(0, first + 1),
    Buffer.from(`${JSON.stringify({ ...manifest, checksum })}\n`),
    data,
  ]);
}

type Row = Record<string, unknown>;

/**
 * The archive with rows edited as a person with the file could (decision 051): `edit` gets each
 * table's rows and scope and returns the rows to write (changed, added or dropped); untouched
 * tables keep their lines byte for byte. Sizes, row counts and the checksum are written anew, so
 * only the rows themselves can give the edit away.
 */
export function editArchive(
  bytes: Buffer,
  edit: (table: string, rows: Row[], scope: string) => Row[] | undefined,
): Buffer {
  const first = bytes.indexOf(0x0a);
  const second = bytes.indexOf(0x0a, first + 1);
  const manifest = JSON.parse(bytes.subarray(first + 1, second).toString('utf8')) as {
    tables: { name: string; scope: string; rows: number }[];
  };
  const lines = gunzipSync(bytes.subarray(second + 1))
    .toString('utf8')
    .split('\n');
  const out: string[] = [];
  let index = -1;
  let header = '';
  let rows: string[] = [];
  const close = () => {
    if (index < 0) return;
    const t = manifest.tables[index] as { name: string; scope: string; rows: number };
    const edited = edit(
      t.name,
      rows.map((r) => JSON.parse(r) as Row),
      t.scope,
    );
    const texts = edited ? edited.map((r) => JSON.stringify(r)) : rows;
    out.push(header, ...texts);
    t.rows = texts.length;
  };
  for (const line of lines) {
    if (line === '') continue;
    if (line.startsWith('{"table":')) {
      close();
      index++;
      header = line;
      rows = [];
    } else rows.push(line);
  }
  close();
  const inflated = Buffer.from(`${out.join('\n')}\n`, 'utf8');
  const data = gzipSync(inflated);
  const next = { ...manifest, dataBytes: data.length, inflatedBytes: inflated.length };
  return resign(Buffer.concat([bytes.subarray(0, second + 1), data]), () => next);
}
