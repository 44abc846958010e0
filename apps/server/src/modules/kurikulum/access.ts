import { MESSAGES } from '@erapor/contract/errors';
import { isMerdeka, KURIKULUM_ADMIN_ROLES, KURIKULUM_TEACHER_ROLE } from '@erapor/contract/kurikulum/common';
import { and, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Actor } from '../../actor';
import type { Db } from '../../db/client';
import { pembelajaran, rombonganBelajar } from '../../db/tables/referensi';
import { refKurikulum } from '../../db/tables/referensi-ref';
import { forbidden, notFound } from '../../lib/errors';

/*
 * Who may do what on the curriculum pages (docs/decisions/013-kurikulum.md):
 * - a teacher is a caller with role `guru` who is guru_id or guru_pengajar_id of a live
 *   pembelajaran (jenis 1 or 16 class) of the semester of their login; they see the KD/CP/TP of
 *   the subjects they teach, write TPs of those subjects and map them to their own pembelajaran;
 * - the administrator sees everything of the school and manages KD/CP (alias, on/off, own rows);
 * - everyone else gets 403.
 */

export const isAdmin = (actor: Actor) => KURIKULUM_ADMIN_ROLES.some((r) => actor.roles.includes(r));
export const isTeacher = (actor: Actor) =>
  actor.guruId !== null && actor.roles.includes(KURIKULUM_TEACHER_ROLE);

/** 403 unless admin or teacher: the lists and pickers. */
export function requireReader(actor: Actor): void {
  if (!isAdmin(actor) && !isTeacher(actor)) throw forbidden(MESSAGES.forbidden);
}

/** 403 unless teacher: TP writes and bobot are the subject teacher's own work. */
export function requireTeacher(actor: Actor): void {
  if (!isTeacher(actor)) throw forbidden(MESSAGES.forbidden);
}

/** A pembelajaran with what the curriculum pages need to know about its class. */
export interface PembelajaranInfo {
  pembelajaranId: string;
  rombonganBelajarId: string;
  rombel: string;
  tingkat: number;
  jenisRombel: number;
  mataPelajaranId: number;
  namaMataPelajaran: string;
  kurikulum: string | null;
  merdeka: boolean;
  /** The caller is its guru or guru pengajar. */
  owned: boolean;
  semesterId: string;
}

/** Live pembelajaran of regular and elective classes of the school in the login's semester. */
function liveWhere(actor: Actor): SQL | undefined {
  return and(
    eq(pembelajaran.sekolahId, actor.sekolahId),
    eq(pembelajaran.semesterId, actor.semesterId),
    isNull(pembelajaran.deletedAt),
    isNull(rombonganBelajar.deletedAt),
    inArray(rombonganBelajar.jenisRombel, [1, 16]),
  );
}

/** guru_id or guru_pengajar_id is the caller (false for a caller without a PTK). */
export function ownedBy(actor: Actor): SQL {
  if (!actor.guruId) return sql`false`;
  // coalesce: guru_pengajar_id is often null, and `not (false or null)` would be null, not true.
  return sql`coalesce(${or(eq(pembelajaran.guruId, actor.guruId), eq(pembelajaran.guruPengajarId, actor.guruId))}, false)`;
}

async function selectPembelajaran(db: Db, actor: Actor, where: SQL | undefined): Promise<PembelajaranInfo[]> {
  const rows = await db
    .select({
      pembelajaranId: pembelajaran.pembelajaranId,
      rombonganBelajarId: pembelajaran.rombonganBelajarId,
      rombel: rombonganBelajar.nama,
      tingkat: rombonganBelajar.tingkat,
      jenisRombel: rombonganBelajar.jenisRombel,
      mataPelajaranId: pembelajaran.mataPelajaranId,
      namaMataPelajaran: pembelajaran.namaMataPelajaran,
      kurikulum: refKurikulum.namaKurikulum,
      owned: sql<boolean>`${ownedBy(actor)}`.mapWith(Boolean),
      semesterId: pembelajaran.semesterId,
    })
    .from(pembelajaran)
    .innerJoin(rombonganBelajar, eq(rombonganBelajar.rombonganBelajarId, pembelajaran.rombonganBelajarId))
    .leftJoin(refKurikulum, eq(refKurikulum.kurikulumId, rombonganBelajar.kurikulumId))
    .where(and(liveWhere(actor), where))
    .orderBy(rombonganBelajar.tingkat, rombonganBelajar.nama, pembelajaran.namaMataPelajaran);
  return rows.map((r) => ({ ...r, merdeka: isMerdeka(r.kurikulum) }));
}

/** The caller's own pembelajaran of the login's semester (none for a caller who is not a teacher). */
export async function taughtPembelajaran(db: Db, actor: Actor): Promise<PembelajaranInfo[]> {
  if (!isTeacher(actor)) return [];
  return selectPembelajaran(db, actor, ownedBy(actor));
}

/** Every live pembelajaran of a class (admin's pickers), or of the school when no class is given. */
export async function schoolPembelajaran(
  db: Db,
  actor: Actor,
  rombelId?: string,
): Promise<PembelajaranInfo[]> {
  return selectPembelajaran(db, actor, rombelId ? eq(pembelajaran.rombonganBelajarId, rombelId) : undefined);
}

/** One live pembelajaran of the school and semester, or 404. */
export async function findPembelajaran(
  db: Db,
  actor: Actor,
  pembelajaranId: string,
): Promise<PembelajaranInfo> {
  const [row] = await selectPembelajaran(db, actor, eq(pembelajaran.pembelajaranId, pembelajaranId));
  if (!row) throw notFound('Pembelajaran tidak ditemukan pada semester ini');
  return row;
}

/** One pembelajaran the caller teaches: 404 when it does not exist here, 403 when it is someone else's. */
export async function ownPembelajaran(
  db: Db,
  actor: Actor,
  pembelajaranId: string,
): Promise<PembelajaranInfo> {
  requireTeacher(actor);
  const row = await findPembelajaran(db, actor, pembelajaranId);
  if (!row.owned) throw forbidden(MESSAGES.forbidden);
  return row;
}

/**
 * SQL condition "the subject is one the caller teaches in the login's semester", for a
 * mata_pelajaran_id column of another table.
 */
export function taughtSubject(actor: Actor, mataPelajaranId: SQL | SQL.Aliased | unknown): SQL {
  if (!actor.guruId) return sql`false`;
  return sql`${mataPelajaranId} in (select p.mata_pelajaran_id from ${pembelajaran} p
    join ${rombonganBelajar} r on r.rombongan_belajar_id = p.rombongan_belajar_id
    where p.sekolah_id = ${actor.sekolahId} and p.semester_id = ${actor.semesterId}
      and p.deleted_at is null and r.deleted_at is null and r.jenis_rombel in (1, 16)
      and (p.guru_id = ${actor.guruId} or p.guru_pengajar_id = ${actor.guruId}))`;
}

/** Whether the caller may manage KD/CP of a subject (alias, on/off): admin, or a teacher of it. */
export async function canManageSubject(db: Db, actor: Actor, mataPelajaranId: number): Promise<boolean> {
  if (isAdmin(actor)) return true;
  if (!isTeacher(actor)) return false;
  return (await taughtPembelajaran(db, actor)).some((p) => p.mataPelajaranId === mataPelajaranId);
}
