import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { createReadStream, createWriteStream, type WriteStream } from 'node:fs';
import { open, rename, rm, stat } from 'node:fs/promises';
import { createGunzip, createGzip, type Gzip } from 'node:zlib';
import {
  CADANGAN_FORMAT,
  CADANGAN_FORMAT_VERSION,
  CADANGAN_MESSAGES,
  type CadanganManifest,
  cadanganManifestSchema,
} from '@erapor/contract/cadangan';
import { ARCHIVE_BOUNDS } from './bounds';

/**
 * The archive (decision 044), one logical format for both engines:
 *
 *   line 1  `ERAPOR-CADANGAN 1`
 *   line 2  the manifest (JSON, one line)
 *   rest    gzip of JSON lines: `{"table":…,"columns":[…]}`, then one `to_jsonb` row per line,
 *           table after table.
 *
 * The checksum is the SHA-256 of line 2 written with `"checksum":""` plus the compressed rest:
 * a flipped byte anywhere, or a hand-edited manifest, changes it. `dataBytes` tells a truncated
 * file from a damaged one.
 */

const MAGIC = `ERAPOR-CADANGAN ${CADANGAN_FORMAT_VERSION}`;

export type RefusalCode =
  | 'notArchive'
  | 'truncated'
  | 'damaged'
  | 'inconsistent'
  | 'tooBig'
  | 'newer'
  | 'foreign'
  | 'npsnConfirm'
  | 'npsnRequired'
  | 'npsnTaken'
  | 'idTaken'
  | 'unknownTable'
  | 'nul'
  | 'wrongSchool'
  | 'taken'
  | 'outsideReference'
  | 'newReference'
  | 'rejected';

/** An archive the app will not restore, with the Indonesian reason. Nothing was changed. */
export class CadanganRefused extends Error {
  constructor(
    readonly code: RefusalCode,
    message: string,
  ) {
    super(message);
    this.name = 'CadanganRefused';
  }
}

export type ManifestDraft = Omit<
  CadanganManifest,
  'format' | 'formatVersion' | 'dataBytes' | 'inflatedBytes' | 'checksum'
>;

/** Writes an archive: data first to a side file, then magic + manifest + data under a `.partial` name, renamed when whole. */
export class ArchiveWriter {
  private readonly dataFile: string;
  private readonly gzip: Gzip;
  private readonly out: WriteStream;
  private inflated = 0;

  constructor(readonly file: string) {
    this.dataFile = `${file}.data.partial`;
    this.gzip = createGzip({ level: 6 });
    this.out = createWriteStream(this.dataFile, { mode: 0o600 });
    this.gzip.pipe(this.out);
  }

  private async write(text: string): Promise<void> {
    const buf = Buffer.from(text, 'utf8');
    this.inflated += buf.length;
    if (!this.gzip.write(buf)) await once(this.gzip, 'drain');
  }

  beginTable(name: string, columns: string[]): Promise<void> {
    return this.write(`${JSON.stringify({ table: name, columns })}\n`);
  }

  /** Rows as `to_jsonb(row)::text` (one line each: JSON text has no raw newline). */
  writeRows(rows: string[]): Promise<void> {
    return rows.length ? this.write(`${rows.join('\n')}\n`) : Promise.resolve();
  }

  async finish(draft: ManifestDraft): Promise<CadanganManifest> {
    this.gzip.end();
    await once(this.out, 'close');
    const dataBytes = (await stat(this.dataFile)).size;
    const base: CadanganManifest = {
      format: CADANGAN_FORMAT,
      formatVersion: CADANGAN_FORMAT_VERSION,
      ...draft,
      dataBytes,
      inflatedBytes: this.inflated,
      checksum: '',
    };
    const hash = createHash('sha256').update(`${JSON.stringify(base)}\n`);
    for await (const chunk of createReadStream(this.dataFile)) hash.update(chunk as Buffer);
    const manifest = { ...base, checksum: hash.digest('hex') };
    const partial = `${this.file}.partial`;
    const fh = await open(partial, 'w', 0o600);
    try {
      await fh.write(`${MAGIC}\n${JSON.stringify(manifest)}\n`);
      for await (const chunk of createReadStream(this.dataFile)) await fh.write(chunk as Buffer);
      await fh.sync();
    } finally {
      await fh.close();
    }
    await rm(this.dataFile, { force: true });
    await rename(partial, this.file);
    return manifest;
  }

  async abort(): Promise<void> {
    this.gzip.destroy();
    this.out.destroy();
    await rm(this.dataFile, { force: true });
    await rm(`${this.file}.partial`, { force: true });
  }
}

export interface OpenedArchive {
  file: string;
  manifest: CadanganManifest;
  dataOffset: number;
}

const mb = (n: number) => `${Math.round(n / 1024 / 1024)} MB`;

/**
 * Reads the manifest and checks the file against it: size bounds, format, length, checksum (a
 * streamed hash; nothing inflated yet). Throws CadanganRefused.
 */
export async function openArchive(
  file: string,
  options: { checksum?: boolean } = {},
): Promise<OpenedArchive> {
  const size = (await stat(file)).size;
  if (size > ARCHIVE_BOUNDS.maxFileBytes) {
    throw new CadanganRefused('tooBig', CADANGAN_MESSAGES.tooBig(mb(ARCHIVE_BOUNDS.maxFileBytes)));
  }
  const fh = await open(file, 'r');
  let head: Buffer;
  try {
    const buf = Buffer.alloc(Math.min(size, ARCHIVE_BOUNDS.maxHeaderBytes));
    const { bytesRead } = await fh.read(buf, 0, buf.length, 0);
    head = buf.subarray(0, bytesRead);
  } finally {
    await fh.close();
  }
  const first = head.indexOf(0x0a);
  if (first < 0 || head.subarray(0, first).toString('latin1') !== MAGIC) {
    throw new CadanganRefused('notArchive', CADANGAN_MESSAGES.notArchive);
  }
  const second = head.indexOf(0x0a, first + 1);
  if (second < 0) {
    // The magic is there but the manifest line never ends: cut off inside the manifest.
    if (size < ARCHIVE_BOUNDS.maxHeaderBytes)
      throw new CadanganRefused('truncated', CADANGAN_MESSAGES.truncated(size, size + 1));
    throw new CadanganRefused('damaged', CADANGAN_MESSAGES.damaged);
  }
  let manifest: CadanganManifest;
  try {
    manifest = cadanganManifestSchema.parse(JSON.parse(head.subarray(first + 1, second).toString('utf8')));
  } catch {
    throw new CadanganRefused('damaged', CADANGAN_MESSAGES.damaged);
  }
  const dataOffset = second + 1;
  const dataBytes = size - dataOffset;
  if (dataBytes < manifest.dataBytes) {
    throw new CadanganRefused(
      'truncated',
      CADANGAN_MESSAGES.truncated(size, dataOffset + manifest.dataBytes),
    );
  }
  if (dataBytes > manifest.dataBytes) throw new CadanganRefused('damaged', CADANGAN_MESSAGES.damaged);
  if (
    manifest.inflatedBytes > ARCHIVE_BOUNDS.maxInflatedBytes ||
    manifest.tables.length > ARCHIVE_BOUNDS.maxTables
  ) {
    throw new CadanganRefused('tooBig', CADANGAN_MESSAGES.tooBig(mb(ARCHIVE_BOUNDS.maxInflatedBytes)));
  }
  const totalRows = manifest.tables.reduce((s, t) => s + t.rows, 0);
  if (totalRows > ARCHIVE_BOUNDS.maxRows) {
    throw new CadanganRefused('tooBig', CADANGAN_MESSAGES.tooBig(`${ARCHIVE_BOUNDS.maxRows} baris`));
  }
  // A listing reads the header only; a restore and a verification read it all.
  if (options.checksum === false) return { file, manifest, dataOffset };
  const hash = createHash('sha256').update(`${JSON.stringify({ ...manifest, checksum: '' })}\n`);
  for await (const chunk of createReadStream(file, { start: dataOffset })) hash.update(chunk as Buffer);
  if (hash.digest('hex') !== manifest.checksum)
    throw new CadanganRefused('damaged', CADANGAN_MESSAGES.damaged);
  return { file, manifest, dataOffset };
}

export type ArchiveEvent =
  | { type: 'table'; name: string; columns: string[]; scope: 'school' | 'reference' }
  | { type: 'rows'; table: string; rows: string[]; first: number };

const BATCH_ROWS = 1000;
const BATCH_BYTES = 4 * 1024 * 1024;

function inconsistent(): CadanganRefused {
  return new CadanganRefused('inconsistent', CADANGAN_MESSAGES.inconsistent);
}

/** A string anywhere in a parsed row (keys included) that holds a NUL, which PostgreSQL cannot store. */
function holdsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\0');
  if (Array.isArray(value)) return value.some(holdsNul);
  if (value && typeof value === 'object')
    return Object.entries(value).some(([k, v]) => k.includes('\0') || holdsNul(v));
  return false;
}

/**
 * What a row can be refused for without a database (issue #24 part 3, #25 item 1; decision 051), so
 * an upload is refused at once (422) by the row's address: a NUL byte in any text, and a
 * `sekolah_id` that is not the archive's school (a school row) or not null (a national row). The
 * restore checks the same `sekolah_id` again from the catalog, with what needs the database.
 */
function checkRow(
  text: string,
  table: { name: string; scope: 'school' | 'reference'; hasSekolahId: boolean },
  position: number,
  sekolahId: string,
): void {
  const where = () => CADANGAN_MESSAGES.baris(position);
  const suspectNul = text.includes('\\u0000') || text.includes('\0');
  if (!suspectNul && !table.hasSekolahId) return;
  let row: unknown;
  try {
    row = JSON.parse(text);
  } catch {
    // A raw NUL is not valid JSON; anything else unparsable is an archive written wrong.
    if (text.includes('\0')) throw new CadanganRefused('nul', CADANGAN_MESSAGES.nul(table.name, where()));
    throw inconsistent();
  }
  if (suspectNul && holdsNul(row))
    throw new CadanganRefused('nul', CADANGAN_MESSAGES.nul(table.name, where()));
  if (!table.hasSekolahId) return;
  const own = (row as { sekolah_id?: unknown }).sekolah_id;
  if (table.scope === 'school' ? own !== sekolahId : own !== null && own !== undefined)
    throw new CadanganRefused('wrongSchool', CADANGAN_MESSAGES.wrongSchool(table.name, where()));
}

/**
 * The tables and rows of an opened archive, inflated as a stream within the bounds, checked
 * against the manifest as they come (tables in its order, row counts, inflated size). Rows come in
 * batches of at most 1,000 rows / 4 MB.
 */
export async function* readArchive(archive: OpenedArchive): AsyncGenerator<ArchiveEvent> {
  const { manifest } = archive;
  const gunzip = createGunzip();
  const source = createReadStream(archive.file, { start: archive.dataOffset });
  source.on('error', (err) => gunzip.destroy(err));
  source.pipe(gunzip);
  let inflated = 0;
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let tableIndex = -1;
  let current: {
    name: string;
    scope: 'school' | 'reference';
    hasSekolahId: boolean;
    expected: number;
    seen: number;
  } | null = null;
  let batch: string[] = [];
  let batchBytes = 0;

  const closeTable = () => {
    if (current && current.seen !== current.expected) throw inconsistent();
  };
  function* line(text: string): Generator<ArchiveEvent> {
    if (text.startsWith('{"table":')) {
      if (batch.length && current) {
        yield { type: 'rows', table: current.name, rows: batch, first: current.seen - batch.length + 1 };
        batch = [];
        batchBytes = 0;
      }
      closeTable();
      let header: { table?: unknown; columns?: unknown };
      try {
        header = JSON.parse(text);
      } catch {
        throw inconsistent();
      }
      const expected = manifest.tables[++tableIndex];
      if (!expected || header.table !== expected.name || !Array.isArray(header.columns)) throw inconsistent();
      const columns = header.columns.map(String);
      current = {
        name: expected.name,
        scope: expected.scope,
        hasSekolahId: columns.includes('sekolah_id'),
        expected: expected.rows,
        seen: 0,
      };
      yield { type: 'table', name: expected.name, columns, scope: expected.scope };
      return;
    }
    if (!current || !text.startsWith('{')) throw inconsistent();
    current.seen++;
    checkRow(text, current, current.seen, manifest.sekolahId);
    batch.push(text);
    batchBytes += text.length;
    if (batch.length >= BATCH_ROWS || batchBytes >= BATCH_BYTES) {
      yield { type: 'rows', table: current.name, rows: batch, first: current.seen - batch.length + 1 };
      batch = [];
      batchBytes = 0;
    }
  }

  try {
    for await (const chunk of gunzip) {
      const buf = chunk as Buffer;
      inflated += buf.length;
      if (inflated > manifest.inflatedBytes) throw inconsistent();
      let start = 0;
      for (let nl = buf.indexOf(0x0a); nl >= 0; nl = buf.indexOf(0x0a, start)) {
        const piece = buf.subarray(start, nl);
        const whole = pending.length ? Buffer.concat([...pending, piece]) : piece;
        pending = [];
        pendingBytes = 0;
        yield* line(whole.toString('utf8'));
        start = nl + 1;
      }
      if (start < buf.length) {
        pending.push(buf.subarray(start));
        pendingBytes += buf.length - start;
        if (pendingBytes > ARCHIVE_BOUNDS.maxLineBytes) throw inconsistent();
      }
    }
  } catch (err) {
    if (err instanceof CadanganRefused) throw err;
    // zlib: the data was checksummed, so this is an archive written wrong.
    throw inconsistent();
  } finally {
    source.destroy();
    gunzip.destroy();
  }
  if (pendingBytes > 0 || inflated !== manifest.inflatedBytes) throw inconsistent();
  if (batch.length && current) {
    const last = current as { name: string; seen: number };
    yield { type: 'rows', table: last.name, rows: batch, first: last.seen - batch.length + 1 };
  }
  closeTable();
  if (tableIndex !== manifest.tables.length - 1) throw inconsistent();
}

/** Reads the whole archive once without a database: the check before a restore, and the verification of a new backup. */
export async function verifyArchive(file: string): Promise<OpenedArchive> {
  const archive = await openArchive(file);
  for await (const _ of readArchive(archive)) {
    // every row read and counted
  }
  return archive;
}
