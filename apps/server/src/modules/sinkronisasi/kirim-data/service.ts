import { deflateSync } from 'node:zlib';
import { SYNC_MESSAGES } from '@erapor/contract/sinkronisasi';
import {
  KIRIM_DATA_TABLES,
  type KirimDataOverview,
  type KirimDataResult,
  type KirimDataSettings,
  type KirimDataTable,
  KIRIM_DATA_MESSAGES as M,
  tableLabel,
} from '@erapor/contract/sinkronisasi-kirim';
import { eq, sql } from 'drizzle-orm';
import type { Actor } from '../../../actor';
import type { Db } from '../../../db/client';
import { sqlRows } from '../../../db/sql-rows';
import { kirimDataWatermark } from '../../../db/tables/kirim-data';
import { sekolah } from '../../../db/tables/sekolah';
import { AppError, fieldError } from '../../../lib/errors';
import { getSettings, setSetting } from '../../sekolah/service';
import { DapodikError, isLocalHost, parseBody, parseRetryAfter, transportDefaults } from '../client';

/*
 * Kirim Data e-Rapor (reference-dapodik §1.3, §4.1; decision 017): per table, the rows of the school
 * changed since the last confirmed send — ordered by (updated_at, primary key) — go in batches to the
 * central server's `POST /api/sinkronisasi/kirim-data`. The table's watermark moves to the last row
 * of a batch only after the server answered `{status: true}`: delivery is at least once (a lost
 * answer sends the batch again; the server upserts by primary key), never "marked but not sent".
 */

export const SETTING_URL_ERAPOR = 'url_erapor';

export const kirimDataDefaults = {
  /** Rows per POST (e-Rapor v8 sends 500 with --force). */
  batchSize: 500,
  /**
   * Rows are taken only once every transaction that could still write older `updated_at` values
   * has ended: `updated_at` is the writing transaction's start time, so a row is sent only when it
   * is older than the oldest transaction still open on the database (PostgreSQL), and older than
   * `lagMs` (a margin for clocks). Otherwise the watermark could pass a row not yet committed.
   */
  lagMs: 2_000,
};

/** Primary key per table (all carry sekolah_id and updated_at). */
const PRIMARY_KEY: Record<KirimDataTable, string> = {
  sekolah: 'sekolah_id',
  guru: 'guru_id',
  peserta_didik: 'peserta_didik_id',
  rombongan_belajar: 'rombongan_belajar_id',
  anggota_rombel: 'anggota_rombel_id',
  pembelajaran: 'pembelajaran_id',
  nilai_akhir: 'nilai_akhir_id',
  nilai_tp: 'nilai_tp_id',
  nilai_sumatif: 'nilai_sumatif_id',
  deskripsi_mata_pelajaran: 'deskripsi_mata_pelajaran_id',
  nilai_sikap: 'nilai_sikap_id',
  nilai_ekstrakurikuler: 'nilai_ekstrakurikuler_id',
};

/** e-Rapor's wire encoding of `json`: rawurlencode(base64(gzcompress(serialize(JSON)))) (§1.3). */
export function encodeRows(rows: readonly unknown[]): string {
  const json = JSON.stringify(rows);
  const serialised = `s:${Buffer.byteLength(json, 'utf8')}:"${json}";`;
  return encodeURIComponent(deflateSync(Buffer.from(serialised, 'utf8')).toString('base64'));
}

function centralUrl(configured: string): URL {
  let url: URL;
  try {
    url = new URL(configured.trim().replace(/\/+$/, ''));
  } catch {
    throw new DapodikError('unreachable', 'URL server e-Rapor tidak valid.', true);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new DapodikError('insecure', SYNC_MESSAGES.insecureUrl, true);
  if (url.protocol === 'http:' && !isLocalHost(url.hostname))
    throw new DapodikError('insecure', SYNC_MESSAGES.insecureUrl, true);
  url.pathname = `${url.pathname.replace(/\/+$/, '')}/api/sinkronisasi/kirim-data`;
  url.search = '';
  url.hash = '';
  return url;
}

const unreachable = (url: URL) =>
  `Tidak dapat terhubung ke server e-Rapor di ${url.protocol}//${url.host}. Periksa alamatnya dan jaringan.`;

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** One batch, retried on network faults, 5xx, 429 and unreadable answers; `{status:false}` is final. */
async function postBatch(url: URL, body: Record<string, unknown>): Promise<void> {
  const attempts = transportDefaults.attempts;
  for (let attempt = 1; ; attempt++) {
    try {
      return await postOnce(url, body);
    } catch (err) {
      const e = err instanceof DapodikError ? err : new DapodikError('unreachable', unreachable(url), false);
      if (e.fatal || attempt >= attempts) throw e;
      const wait =
        e.retryAfterMs ??
        transportDefaults.retryBaseMs * 2 ** (attempt - 1) +
          Math.random() * transportDefaults.retryBaseMs * 0.2;
      if (wait > transportDefaults.maxRetryAfterMs) throw e;
      await sleep(wait);
    }
  }
}

async function postOnce(url: URL, body: Record<string, unknown>): Promise<void> {
  const signal = AbortSignal.timeout(transportDefaults.timeoutMs);
  let res: Response;
  let text: string;
  try {
    res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
      redirect: 'manual',
      signal,
    });
    text = await res.text();
  } catch {
    if (signal.aborted)
      throw new DapodikError('timeout', 'Server e-Rapor tidak menjawab dalam batas waktu.', false);
    throw new DapodikError('unreachable', unreachable(url), false);
  }
  if (res.status >= 300 && res.status < 400)
    throw new DapodikError(
      'redirected',
      'Server e-Rapor mengalihkan permintaan; pengalihan tidak diikuti.',
      true,
    );
  if (res.status === 429)
    throw new DapodikError(
      'rate_limited',
      'Server e-Rapor sedang sibuk (terlalu banyak permintaan).',
      false,
      parseRetryAfter(res.headers.get('retry-after')),
    );
  if (res.status >= 500)
    throw new DapodikError(
      'server_error',
      `Server e-Rapor sedang mengalami gangguan (HTTP ${res.status}).`,
      false,
    );
  let parsed: unknown;
  try {
    parsed = parseBody(text);
  } catch {
    throw new DapodikError('malformed', 'Jawaban server e-Rapor tidak dapat dibaca.', false);
  }
  const answer = (parsed ?? {}) as { status?: unknown; message?: unknown };
  if (res.status !== 200 || answer.status !== true) {
    const message =
      typeof answer.message === 'string' && answer.message ? answer.message : `HTTP ${res.status}`;
    throw new DapodikError('server_error', M.refused(message), true);
  }
}

// --- watermarks and changed rows ---

interface Watermark {
  at: string | null;
  id: string | null;
  lastSentAt: Date | null;
  lastError: string | null;
}

async function watermarks(db: Db, sekolahId: string): Promise<Map<string, Watermark>> {
  const rows = await sqlRows<{
    table_name: string;
    at: string | null;
    id: string | null;
    last_sent_at: string | Date | null;
    last_error: string | null;
  }>(
    db,
    sql`select table_name, last_updated_at::text as at, last_row_id as id, last_sent_at, last_error
        from kirim_data_watermark where sekolah_id = ${sekolahId}`,
  );
  return new Map(
    rows.map((r) => [
      r.table_name,
      {
        at: r.at,
        id: r.id,
        lastSentAt: r.last_sent_at ? new Date(r.last_sent_at) : null,
        lastError: r.last_error,
      },
    ]),
  );
}

/** `where` of the rows of a table changed after the watermark and old enough to be sent. */
function changedSql(table: KirimDataTable, sekolahId: string, wm: Watermark | undefined) {
  const pk = sql.raw(`t.${PRIMARY_KEY[table]}`);
  const lag = sql.raw(`interval '${Math.max(0, Math.floor(kirimDataDefaults.lagMs))} milliseconds'`);
  const after =
    wm?.at != null ? sql`and (t.updated_at, ${pk}::text) > (${wm.at}::timestamptz, ${wm.id ?? ''})` : sql``;
  // PGlite has one connection (no other open transaction); pg_stat_activity then lists only us.
  const oldestOpen = sql`(select min(xact_start) from pg_stat_activity
    where xact_start is not null and pid <> pg_backend_pid() and datname = current_database())`;
  return sql`t.sekolah_id = ${sekolahId} and t.updated_at <= now() - ${lag}
    and t.updated_at < coalesce(${oldestOpen}, 'infinity'::timestamptz) ${after}`;
}

async function countChanged(db: Db, table: KirimDataTable, sekolahId: string, wm: Watermark | undefined) {
  const [row] = await sqlRows<{ n: number | string }>(
    db,
    sql`select count(*) as n from ${sql.identifier(table)} t where ${changedSql(table, sekolahId, wm)}`,
  );
  return Number(row?.n ?? 0);
}

export async function getOverview(db: Db, actor: Actor): Promise<KirimDataOverview> {
  const url = (await getSettings(db, actor, actor.semesterId))[SETTING_URL_ERAPOR] ?? null;
  const wms = await watermarks(db, actor.sekolahId);
  const tables = [];
  for (const table of KIRIM_DATA_TABLES) {
    const wm = wms.get(table);
    tables.push({
      table,
      label: tableLabel(table),
      count: await countChanged(db, table, actor.sekolahId, wm),
      last_sent_at: wm?.lastSentAt?.toISOString() ?? null,
      last_error: wm?.lastError ?? null,
    });
  }
  const last = [...wms.values()].map((w) => w.lastSentAt?.getTime() ?? 0).reduce((a, b) => Math.max(a, b), 0);
  return {
    url_erapor: url,
    configured: Boolean(url),
    last_sync: last ? new Date(last).toISOString() : null,
    tables,
    jumlah: tables.reduce((n, t) => n + t.count, 0),
  };
}

export async function saveSettings(
  db: Db,
  actor: Actor,
  input: KirimDataSettings,
): Promise<{ message: string }> {
  try {
    centralUrl(input.url_erapor);
  } catch (e) {
    if (e instanceof DapodikError) throw fieldError('url_erapor', e.message);
    throw e;
  }
  await setSetting(db, actor, {
    key: SETTING_URL_ERAPOR,
    value: input.url_erapor.trim().replace(/\/+$/, ''),
    semesterId: null,
  });
  return { message: M.saved };
}

async function upsertWatermark(
  db: Db,
  sekolahId: string,
  table: string,
  set: { at?: string; id?: string; sent?: number; error?: string | null },
) {
  const at = set.at === undefined ? null : sql`${set.at}::timestamptz`;
  await db
    .insert(kirimDataWatermark)
    .values({
      sekolahId,
      tableName: table,
      lastUpdatedAt: at,
      lastRowId: set.id ?? null,
      sentTotal: set.sent ?? 0,
      lastSentAt: set.sent !== undefined ? sql`now()` : null,
      lastError: set.error ?? null,
      lastErrorAt: set.error ? sql`now()` : null,
    })
    .onConflictDoUpdate({
      target: [kirimDataWatermark.sekolahId, kirimDataWatermark.tableName],
      set: {
        ...(set.at !== undefined
          ? {
              lastUpdatedAt: at,
              lastRowId: set.id ?? null,
              sentTotal: sql`${kirimDataWatermark.sentTotal} + ${set.sent ?? 0}`,
              lastSentAt: sql`now()`,
            }
          : {}),
        lastError: set.error ?? null,
        lastErrorAt: set.error ? sql`now()` : null,
        updatedAt: sql`now()`,
      },
    });
}

const busy = new Set<string>();

/** Sends every table's changed rows; the summary says table by table what happened. */
export async function kirimData(db: Db, actor: Actor): Promise<KirimDataResult> {
  const configured = (await getSettings(db, actor, actor.semesterId))[SETTING_URL_ERAPOR];
  if (!configured) throw new AppError(422, 'EREPOR_NOT_CONFIGURED', M.notConfigured);
  let url: URL;
  try {
    url = centralUrl(configured);
  } catch (e) {
    if (e instanceof DapodikError) throw new AppError(422, 'EREPOR_URL', e.message);
    throw e;
  }
  if (busy.has(actor.sekolahId)) throw new AppError(409, 'CONFLICT', M.busy);
  busy.add(actor.sekolahId);
  try {
    const [s] = await db
      .select({ id: sekolah.sekolahId, dapodik: sekolah.sekolahIdDapodik })
      .from(sekolah)
      .where(eq(sekolah.sekolahId, actor.sekolahId));
    const identity = {
      sekolah_id: s?.dapodik ?? actor.sekolahId,
      tahun_ajaran_id: actor.semesterId.slice(0, 4),
      semester_id: actor.semesterId,
    };
    const wms = await watermarks(db, actor.sekolahId);
    const results: KirimDataResult['tables'] = [];
    for (const table of KIRIM_DATA_TABLES) {
      results.push(await sendTable(db, actor.sekolahId, table, wms.get(table), url, identity));
    }
    const failed = results.filter((r) => r.status === 'failed').length;
    const rows = results.reduce((n, r) => n + r.sent, 0);
    return {
      status: failed ? 'failed' : 'done',
      message: failed ? M.partial(failed) : M.done(rows, results.filter((r) => r.sent > 0).length),
      tables: results,
    };
  } finally {
    busy.delete(actor.sekolahId);
  }
}

async function sendTable(
  db: Db,
  sekolahId: string,
  table: KirimDataTable,
  start: Watermark | undefined,
  url: URL,
  identity: Record<string, string>,
): Promise<KirimDataResult['tables'][number]> {
  const pk = sql.raw(`t.${PRIMARY_KEY[table]}`);
  let wm = start;
  let sent = 0;
  let batches = 0;
  for (;;) {
    const rows = await sqlRows<{ wm_at: string; wm_id: string; row: unknown }>(
      db,
      sql`select t.updated_at::text as wm_at, ${pk}::text as wm_id, row_to_json(t) as row
          from ${sql.identifier(table)} t where ${changedSql(table, sekolahId, wm)}
          order by t.updated_at, ${pk}::text limit ${kirimDataDefaults.batchSize}`,
    );
    if (rows.length === 0) break;
    const last = rows[rows.length - 1] as { wm_at: string; wm_id: string };
    try {
      await postBatch(url, { ...identity, table, json: encodeRows(rows.map((r) => r.row)) });
    } catch (e) {
      if (!(e instanceof DapodikError)) throw e;
      const message = M.tableFailed(e.message, sent);
      await upsertWatermark(db, sekolahId, table, { error: message });
      return { table, label: tableLabel(table), status: 'failed', sent, batches, message };
    }
    // Confirmed: only now does the watermark move.
    await upsertWatermark(db, sekolahId, table, {
      at: last.wm_at,
      id: last.wm_id,
      sent: rows.length,
      error: null,
    });
    wm = { at: last.wm_at, id: last.wm_id, lastSentAt: null, lastError: null };
    sent += rows.length;
    batches++;
    if (rows.length < kirimDataDefaults.batchSize) break;
  }
  if (sent === 0 && start?.lastError) await upsertWatermark(db, sekolahId, table, { error: null });
  return { table, label: tableLabel(table), status: sent ? 'done' : 'empty', sent, batches, message: null };
}
