import type { Semester } from '@erapor/contract/auth';
import { semesterOfDate, semestersUpTo } from '@erapor/contract/semester';
import { and, count, desc, eq, isNull, or, sql } from 'drizzle-orm';
import type { Actor } from '../../actor';
import type { Db } from '../../db/client';
import { sekolah, semester, settings, tahunAjaran } from '../../db/tables/sekolah';

/** The first tahun ajaran the installation offers (2020/2021). */
export const FIRST_TAHUN_AJARAN = 2020;

type SemesterRow = typeof semester.$inferSelect;

export function toSemester(row: SemesterRow): Semester {
  return {
    semester_id: row.semesterId,
    tahun_ajaran_id: row.tahunAjaranId,
    nama: row.nama,
    semester: row.semester === 2 ? 2 : 1,
    periode_aktif: row.periodeAktif,
  };
}

/**
 * Every tahun ajaran from 2020/2021 to the one containing `today`, with both semesters up to
 * today's. On a fresh install today's semester becomes the active one; later starts never move it
 * (the administrator chooses the active period).
 */
export async function ensureSemesters(db: Db, today: Date): Promise<void> {
  semesterCache.delete(db);
  const refs = semestersUpTo(FIRST_TAHUN_AJARAN, today);
  const years = [...new Set(refs.map((r) => r.tahun_ajaran_id))];
  await db.transaction(async (tx) => {
    await tx
      .insert(tahunAjaran)
      .values(years.map((y) => ({ tahunAjaranId: y, nama: `${y}/${y + 1}` })))
      .onConflictDoNothing();
    await tx
      .insert(semester)
      .values(
        refs.map((r) => ({
          semesterId: r.semester_id,
          tahunAjaranId: r.tahun_ajaran_id,
          nama: r.nama,
          semester: r.semester,
        })),
      )
      .onConflictDoNothing();
    const [active] = await tx
      .select({ id: semester.semesterId })
      .from(semester)
      .where(eq(semester.periodeAktif, true));
    if (!active) {
      const current = semesterOfDate(today);
      await tx
        .update(semester)
        .set({ periodeAktif: true })
        .where(eq(semester.semesterId, current.semester_id));
      await tx.update(tahunAjaran).set({ periodeAktif: false });
      await tx
        .update(tahunAjaran)
        .set({ periodeAktif: true })
        .where(eq(tahunAjaran.tahunAjaranId, current.tahun_ajaran_id));
    }
  });
}

/**
 * Semesters and school names are read on every log-in and change rarely: they are kept for
 * CACHE_MS per database handle. Writes through this service clear the cache at once; a change
 * made by another server process on the same PostgreSQL shows within CACHE_MS.
 */
const CACHE_MS = 30_000;
const semesterCache = new WeakMap<object, { at: number; list: Semester[] }>();
const sekolahCache = new WeakMap<object, Map<string, { at: number; value: SekolahSummary }>>();

export function clearSekolahCaches(db: Db): void {
  semesterCache.delete(db);
  sekolahCache.delete(db);
}

/** All semesters, newest first. */
export async function listSemesters(db: Db): Promise<Semester[]> {
  const hit = semesterCache.get(db);
  if (hit && Date.now() - hit.at < CACHE_MS) return hit.list;
  const rows = await db.select().from(semester).orderBy(desc(semester.semesterId));
  const list = rows.map(toSemester);
  semesterCache.set(db, { at: Date.now(), list });
  return list;
}

export async function getSemester(db: Db, semesterId: string): Promise<Semester | null> {
  return (await listSemesters(db)).find((s) => s.semester_id === semesterId) ?? null;
}

export async function getActiveSemester(db: Db): Promise<Semester | null> {
  const [row] = await db.select().from(semester).where(eq(semester.periodeAktif, true)).limit(1);
  return row ? toSemester(row) : null;
}

/** Makes `semesterId` the one active period of the installation. */
export async function setActiveSemester(db: Db, semesterId: string): Promise<void> {
  semesterCache.delete(db);
  await db.transaction(async (tx) => {
    await tx.update(semester).set({ periodeAktif: false }).where(eq(semester.periodeAktif, true));
    const [row] = await tx
      .update(semester)
      .set({ periodeAktif: true })
      .where(eq(semester.semesterId, semesterId))
      .returning({ tahunAjaranId: semester.tahunAjaranId });
    if (!row) throw new Error(`Unknown semester ${semesterId}`);
    await tx
      .update(tahunAjaran)
      .set({ periodeAktif: sql`${tahunAjaran.tahunAjaranId} = ${row.tahunAjaranId}` });
  });
}

export async function countSekolah(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(sekolah);
  return Number(row?.n ?? 0);
}

/** Some school of the installation (the first registered), or null on an empty one. */
export async function anySekolahId(db: Db): Promise<string | null> {
  const [row] = await db.select({ id: sekolah.sekolahId }).from(sekolah).orderBy(sekolah.createdAt).limit(1);
  return row?.id ?? null;
}

export interface SekolahSummary {
  sekolah_id: string;
  npsn: string;
  nama: string;
}

export async function getSekolahSummary(db: Db, sekolahId: string): Promise<SekolahSummary | null> {
  let byId = sekolahCache.get(db);
  const hit = byId?.get(sekolahId);
  if (hit && Date.now() - hit.at < CACHE_MS) return hit.value;
  const [row] = await db
    .select({ sekolah_id: sekolah.sekolahId, npsn: sekolah.npsn, nama: sekolah.nama })
    .from(sekolah)
    .where(eq(sekolah.sekolahId, sekolahId))
    .limit(1);
  if (!row) return null;
  if (!byId) {
    byId = new Map();
    sekolahCache.set(db, byId);
  }
  byId.set(sekolahId, { at: Date.now(), value: row });
  return row;
}

export async function findSekolahByNpsn(db: Db, npsn: string): Promise<SekolahSummary | null> {
  const [row] = await db
    .select({ sekolah_id: sekolah.sekolahId, npsn: sekolah.npsn, nama: sekolah.nama })
    .from(sekolah)
    .where(eq(sekolah.npsn, npsn))
    .limit(1);
  return row ?? null;
}

export type NewSekolah = typeof sekolah.$inferInsert;

export async function createSekolah(db: Db, input: NewSekolah): Promise<SekolahSummary> {
  const [row] = await db
    .insert(sekolah)
    .values(input)
    .returning({ sekolah_id: sekolah.sekolahId, npsn: sekolah.npsn, nama: sekolah.nama });
  if (!row) throw new Error('insert sekolah returned nothing');
  return row;
}

// --- Settings: key/value per school, optionally per semester (reference §10 keys) ---

/**
 * The settings in force for the caller's school in a semester: school-wide values, overridden by
 * the values stored for that semester.
 */
export async function getSettings(
  db: Db,
  actor: Pick<Actor, 'sekolahId'>,
  semesterId: string,
): Promise<Record<string, string | null>> {
  const rows = await db
    .select({ key: settings.key, value: settings.value, semesterId: settings.semesterId })
    .from(settings)
    .where(
      and(
        eq(settings.sekolahId, actor.sekolahId),
        or(isNull(settings.semesterId), eq(settings.semesterId, semesterId)),
      ),
    );
  const out: Record<string, string | null> = {};
  for (const r of rows) if (r.semesterId === null) out[r.key] = r.value;
  for (const r of rows) if (r.semesterId !== null) out[r.key] = r.value;
  return out;
}

/** Stores one setting of the caller's school (for one semester, or school-wide with null). */
export async function setSetting(
  db: Db,
  actor: Pick<Actor, 'sekolahId'>,
  input: { key: string; value: string | null; semesterId: string | null },
): Promise<void> {
  await db
    .insert(settings)
    .values({ sekolahId: actor.sekolahId, semesterId: input.semesterId, key: input.key, value: input.value })
    .onConflictDoUpdate({
      target: [settings.sekolahId, settings.semesterId, settings.key],
      set: { value: input.value, updatedAt: sql`now()` },
    });
}
