import {
  SYNC_KIND_LABELS,
  SYNC_KINDS,
  SYNC_MESSAGES,
  type SyncKind,
  type SyncKindRow,
  type SyncOverview,
  syncStatusOf,
} from '@erapor/contract/sinkronisasi';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Actor } from '../../actor';
import type { Db } from '../../db/client';
import { sqlRows } from '../../db/sql-rows';
import { sekolah } from '../../db/tables/sekolah';
import { sinkronisasiRun } from '../../db/tables/sinkronisasi';
import { getSettings } from '../sekolah/service';
import { SETTING_KEYS } from '../sekolah/settings';
import { DapodikError, transportDefaults, windowTimes } from './client';
import { connectionOf, type DapodikStatus, statusOf } from './dapodik-connection';
import { freshestRun } from './live-runs';

/*
 * What the Ambil Data screen reads (reference-screens §4.1): per kind of data, Dapodik's count,
 * e-Rapor's count and how many of those came from Dapodik, with a status; the service window; the
 * last run. Read-only: nothing here starts, changes or stops a run (that is run.ts).
 * Rules:
 *  - e-Rapor's counts follow reference-dapodik §3 (e.g. PTK without 97/98 and without those keluar,
 *    pupils active = members of a regular class not in pd_keluar);
 *  - the page must not hang on a slow Dapodik: two short tries; a failure is shown (dapodik_error)
 *    with e-Rapor's counts still there, never an error response;
 *  - the last run is the one of this school and semester, as fresh as this process knows it.
 */

type Counts = Record<SyncKind, { erapor: number; sinkron: number }>;

/** e-Rapor's counts per kind (reference-dapodik §3 definitions): all rows, and those from Dapodik. */
export async function localCounts(db: Db, sekolahId: string, semesterId: string): Promise<Counts> {
  const rows = await sqlRows<{ kind: string; erapor: number | string; sinkron: number | string }>(
    db,
    sql`
    select 'sekolah' as kind, 1 as erapor, count(*) filter (where s.sekolah_id_dapodik is not null) as sinkron
      from sekolah s where s.sekolah_id = ${sekolahId}
    union all
    select 'ptk', count(*), count(*) filter (where g.guru_id_dapodik is not null)
      from guru g where g.sekolah_id = ${sekolahId} and g.deleted_at is null and g.jenis_ptk_id not in (97, 98)
       and not exists (select 1 from ptk_keluar k where k.guru_id = g.guru_id and k.semester_id = ${semesterId})
    union all
    select 'rombongan_belajar', count(*), count(*) filter (where r.rombongan_belajar_id_dapodik is not null)
      from rombongan_belajar r where r.sekolah_id = ${sekolahId} and r.semester_id = ${semesterId}
       and r.deleted_at is null and r.jenis_rombel in (1, 8, 9, 16)
    union all
    select 'peserta_didik_aktif', count(distinct a.peserta_didik_id),
           count(distinct a.peserta_didik_id) filter (where p.peserta_didik_id_dapodik is not null)
      from anggota_rombel a join rombongan_belajar r on r.rombongan_belajar_id = a.rombongan_belajar_id
      join peserta_didik p on p.peserta_didik_id = a.peserta_didik_id
     where a.sekolah_id = ${sekolahId} and a.semester_id = ${semesterId} and a.deleted_at is null
       and r.deleted_at is null and r.jenis_rombel = 1
       and not exists (select 1 from pd_keluar k where k.peserta_didik_id = a.peserta_didik_id)
    union all
    select 'peserta_didik_keluar', count(*), count(*) filter (where p.peserta_didik_id_dapodik is not null)
      from pd_keluar k join peserta_didik p on p.peserta_didik_id = k.peserta_didik_id
     where k.sekolah_id = ${sekolahId} and k.semester_id = ${semesterId}
    union all
    select case r.jenis_rombel when 16 then 'anggota_rombel_pilihan' else 'anggota_ekskul' end,
           count(*), count(*) filter (where a.anggota_rombel_id_dapodik is not null)
      from anggota_rombel a join rombongan_belajar r on r.rombongan_belajar_id = a.rombongan_belajar_id
     where a.sekolah_id = ${sekolahId} and a.semester_id = ${semesterId} and a.deleted_at is null
       and r.deleted_at is null and r.jenis_rombel in (16, 51)
       and not exists (select 1 from pd_keluar k where k.peserta_didik_id = a.peserta_didik_id)
     group by r.jenis_rombel
    union all
    select 'pembelajaran', count(*), count(*) filter (where b.pembelajaran_id_dapodik is not null)
      from pembelajaran b join rombongan_belajar r on r.rombongan_belajar_id = b.rombongan_belajar_id
     where b.sekolah_id = ${sekolahId} and b.semester_id = ${semesterId} and b.deleted_at is null
       and r.deleted_at is null
    union all
    select 'ekstrakurikuler', count(*), count(*) filter (where e.ekstrakurikuler_id_dapodik is not null)
      from ekstrakurikuler e where e.sekolah_id = ${sekolahId} and e.semester_id = ${semesterId}
       and e.deleted_at is null
    union all
    select 'dudi', count(*), count(*) filter (where d.dudi_id_dapodik is not null)
      from dudi d where d.sekolah_id = ${sekolahId}
  `,
  );
  const out = Object.fromEntries(SYNC_KINDS.map((k) => [k, { erapor: 0, sinkron: 0 }])) as Counts;
  for (const r of rows) {
    const kind = r.kind as SyncKind;
    if (kind in out) out[kind] = { erapor: Number(r.erapor), sinkron: Number(r.sinkron) };
  }
  return out;
}

function dapodikCountsOf(s: DapodikStatus): Record<SyncKind, number | null> {
  const n = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : v == null ? null : Number(v));
  const rombel = s.rombel ? (n(s.rombel.reguler) ?? 0) + (n(s.rombel.pilihan) ?? 0) : null;
  return {
    sekolah: 1,
    ptk: n(s.ptk),
    rombongan_belajar: rombel,
    peserta_didik_aktif: n(s.pd_aktif),
    peserta_didik_keluar: n(s.pd_keluar),
    anggota_rombel_pilihan: n(s.anggota_pilihan),
    pembelajaran: n(s.pembelajaran),
    ekstrakurikuler: n(s.ekskul),
    anggota_ekskul: n(s.anggota_ekskul),
    dudi: n(s.dudi),
  };
}

export async function getOverview(db: Db, actor: Actor, encryptionKey: Buffer): Promise<SyncOverview> {
  const [s] = await db
    .select({ npsn: sekolah.npsn })
    .from(sekolah)
    .where(eq(sekolah.sekolahId, actor.sekolahId));
  const settings = await getSettings(db, actor, actor.semesterId);
  const conn = await connectionOf(db, actor, encryptionKey);
  let dapodik: Record<SyncKind, number | null> | null = null;
  let dapodikError: string | null = null;
  let serviceWindow: SyncOverview['service_window'] = null;
  if (!conn) dapodikError = SYNC_MESSAGES.notConfigured;
  else {
    try {
      // The page must not hang on a slow Dapodik: two short tries.
      const { data } = await statusOf(conn, actor.semesterId, {
        attempts: 2,
        timeoutMs: Math.min(5_000, transportDefaults.timeoutMs),
      });
      dapodik = dapodikCountsOf(data);
      const w = data.service_window;
      if (w && typeof w.open === 'boolean')
        serviceWindow = {
          open: w.open,
          opens_at: w.opens_at ?? null,
          message: w.open ? null : SYNC_MESSAGES.serviceWindow(windowTimes(w)),
        };
    } catch (err) {
      dapodikError = err instanceof DapodikError ? err.message : SYNC_MESSAGES.unexpected;
    }
  }
  const local = await localCounts(db, actor.sekolahId, actor.semesterId);
  const kinds: SyncKindRow[] = SYNC_KINDS.map((kind) => {
    const d = dapodik ? dapodik[kind] : null;
    return {
      kind,
      label: SYNC_KIND_LABELS[kind],
      dapodik: d,
      erapor: local[kind].erapor,
      sinkron: local[kind].sinkron,
      status: syncStatusOf(d, local[kind].sinkron),
    };
  });
  const [last] = await db
    .select()
    .from(sinkronisasiRun)
    .where(
      and(eq(sinkronisasiRun.sekolahId, actor.sekolahId), eq(sinkronisasiRun.semesterId, actor.semesterId)),
    )
    .orderBy(desc(sinkronisasiRun.createdAt))
    .limit(1);
  const lastRun = last ? freshestRun(last) : null;
  return {
    semester_id: actor.semesterId,
    configured: conn !== null,
    url: settings[SETTING_KEYS.urlDapodik] ?? null,
    npsn: s?.npsn ?? '',
    dapodik_error: dapodikError,
    service_window: serviceWindow,
    kinds,
    running_run_id: last && (last.status === 'queued' || last.status === 'running') ? last.id : null,
    last_run: lastRun,
  };
}
