import { SYNC_MESSAGES } from '@erapor/contract/sinkronisasi';
import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { sqlRows } from '../../../db/sql-rows';
import { refMstWilayah } from '../../../db/tables/referensi-ref';
import { type Report, warn } from '../engine';
import type { PullSource } from '../sources/source';

export interface KindContext {
  db: Db;
  /** The source (the /sync/v1 client or the Web Service adapter), its page callback reporting into this kind. */
  client: PullSource;
  sekolahId: string;
  semesterId: string;
  report: Report;
  confirmDeletions: boolean;
  now: Date;
  signal: AbortSignal;
  /** One row processed (progress). */
  tick: () => void;
  /** Switches the report to the apply phase. */
  applying: () => void;
  /** What an earlier kind of the same run learnt for a later one (the head teacher's ptk_id). */
  shared: { kepalaSekolahPtkId?: string | null };
}

export type Api = Record<string, unknown>;

export const semesterScope = (semesterCol: unknown, semesterId: string) =>
  sql`${semesterCol} = ${semesterId}`;

/** Kecamatan names of wilayah codes, from ref_mst_wilayah (the desa/kelurahan level walks up). */
export async function kecamatanNames(tx: Db, codes: Iterable<string | null>): Promise<Map<string, string>> {
  const wanted = new Set([...codes].filter((c): c is string => !!c));
  const rows = new Map<string, { nama: string; level: number; parent: string | null }>();
  let ask = [...wanted];
  for (let depth = 0; depth < 3 && ask.length; depth++) {
    const found = await tx
      .select({
        kode: refMstWilayah.kodeWilayah,
        nama: refMstWilayah.nama,
        level: refMstWilayah.idLevelWilayah,
        parent: refMstWilayah.mstKodeWilayah,
      })
      .from(refMstWilayah)
      .where(inArray(refMstWilayah.kodeWilayah, ask));
    for (const f of found) rows.set(f.kode, { nama: f.nama, level: f.level, parent: f.parent });
    ask = found.filter((f) => f.level > 3 && f.parent && !rows.has(f.parent)).map((f) => f.parent as string);
  }
  const out = new Map<string, string>();
  for (const code of wanted) {
    let r = rows.get(code);
    while (r && r.level > 3 && r.parent) r = rows.get(r.parent);
    if (r && r.level === 3) out.set(code, r.nama);
  }
  return out;
}

/** Tables of the penilaian module whose rows hang off anggota_rombel_id (decision 007). */
const GRADE_TABLES = [
  'nilai_akhir',
  'nilai_sumatif',
  'nilai_tp',
  'nilai_sikap',
  'nilai_ekstrakurikuler',
  'nilai_budaya_kerja',
  'nilai_ukk',
];

/**
 * Reference-dapodik §7.4: a membership removed by the sync (a pupil moved to another class) keeps
 * its grades, which then no longer show in the new class; say so.
 */
export async function warnGradesOnRemoved(k: KindContext, tx: Db, removed: string[]): Promise<void> {
  if (!removed.length) return;
  const ids = sql.join(
    removed.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const graded = sql.join(
    GRADE_TABLES.map(
      (t) =>
        sql`exists (select 1 from ${sql.identifier(t)} n where n.anggota_rombel_id = a.anggota_rombel_id)`,
    ),
    sql` or `,
  );
  const [row] = await sqlRows<{ n: number | string }>(
    tx,
    sql`select count(*) as n from anggota_rombel a where a.anggota_rombel_id in (${ids}) and (${graded})`,
  );
  const n = Number(row?.n ?? 0);
  if (n > 0) warn(k.report, SYNC_MESSAGES.gradesOnRemoved(n));
}

export const opts = (k: KindContext) => ({
  sekolahId: k.sekolahId,
  confirmDeletions: k.confirmDeletions,
  tick: k.tick,
  signal: k.signal,
  now: k.now,
});
