import type { SyncKindResult, SyncRun } from '@erapor/contract/sinkronisasi';
import { expect } from 'vitest';
import { bearer, json, type TestApp } from '../../test/engines';

export const SYNC_URL = '/api/sinkronisasi/dapodik';

/** A `select count(*) as n …` (or any single `n`) as a number. */
export async function count(t: TestApp, query: string, params: unknown[] = []): Promise<number> {
  const [row] = await t.db.query<{ n: string | number }>(query, params);
  return Number(row?.n ?? 0);
}

const SYNCED_TABLES = [
  'guru',
  'peserta_didik',
  'rombongan_belajar',
  'anggota_rombel',
  'pembelajaran',
  'ekstrakurikuler',
  'dudi',
  'mou',
  'akt_pd',
  'anggota_akt_pd',
  'bimbing_pd',
  'jurusan_sp',
  'gelar_ptk',
  'sekolah',
  'ptk_keluar',
  'pd_keluar',
];

/** Newest write to any table a sync fills: a sync that writes nothing leaves it where it was. */
export const LAST_WRITE = `select max(t) as n from (${SYNCED_TABLES.map(
  (table) => `select max(extract(epoch from updated_at)) t from ${table}`,
).join(' union all ')}) x`;

/** Starts a pull sync as `token` and polls its run until it ends (202 expected). */
export async function runSync(t: TestApp, token: string, payload: object = {}): Promise<SyncRun> {
  const res = await t.app.inject({ method: 'POST', url: SYNC_URL, headers: bearer(token), payload });
  expect(res.statusCode, res.body).toBe(202);
  const id = json<{ runId: string }>(res).runId;
  for (let i = 0; i < 600; i++) {
    const run = json<SyncRun>(
      await t.app.inject({ url: `/api/sinkronisasi/runs/${id}`, headers: bearer(token) }),
    );
    if (run.status !== 'queued' && run.status !== 'running') return run;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('run did not finish');
}

/** One data kind's result of a run (throws when the run has none). */
export function kindOf(run: SyncRun, k: string): SyncKindResult {
  const r = run.kinds.find((x) => x.kind === k);
  if (!r) throw new Error(`no ${k}`);
  return r;
}
