import { ASESMEN_MESSAGES, type GateState, type GridContext } from '@erapor/contract/penilaian/asesmen';
import { PENILAIAN_GATE_MESSAGES, penilaianGate } from '@erapor/contract/penilaian/gate';
import {
  agamaOfMapel,
  isGradablePembelajaran,
  isMerdeka,
  kompetensiNilaiAkhir,
  MAPEL_P5,
  MAPEL_PKL,
} from '@erapor/contract/penilaian/rules';
import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { Actor } from '../../actor';
import type { Db } from '../../db/client';
import { pembelajaran, rombonganBelajar } from '../../db/tables/referensi';
import { refKurikulum } from '../../db/tables/referensi-ref';
import { AppError, forbidden, notFound } from '../../lib/errors';
import { getStatusPenilaian } from '../sekolah/settings';

/*
 * Who reaches the grades of a pembelajaran (docs/decisions/014-nilai-akhir.md):
 * - its teacher — guru_id (Dapodik) or guru_pengajar_id (set in e-Rapor), role guru, in the
 *   semester of the login — reads and writes;
 * - the wali kelas of its rombel (role wali for a regular class, pilihan for an elective class)
 *   reads;
 * - everyone else: 403. A pembelajaran of another school: 404.
 */

/** SQL: the pembelajaran row `p` is gradable (active, not PKL, not P5). Mirrors isGradablePembelajaran. */
export const gradableSql = (p: string): SQL =>
  sql.raw(
    `${p}.kelompok_id is not null and ${p}.no_urut is not null and ${p}.deleted_at is null ` +
      `and ${p}.mata_pelajaran_id <> ${MAPEL_PKL} ` +
      `and ${p}.mata_pelajaran_id not between ${MAPEL_P5} and ${MAPEL_P5 + 99}`,
  );

export const isTeacherRole = (actor: Actor) => actor.guruId !== null && actor.roles.includes('guru');

/** The wali roles that own a rombel of the jenis (1 reguler → wali, 16 pilihan → pilihan). */
export function isWaliOf(actor: Actor, rombel: { jenisRombel: number; waliId: string | null }): boolean {
  if (!actor.guruId || rombel.waliId !== actor.guruId) return false;
  if (rombel.jenisRombel === 1) return actor.roles.includes('wali');
  if (rombel.jenisRombel === 16) return actor.roles.includes('pilihan');
  return false;
}

export interface PembelajaranCtx {
  pembelajaranId: string;
  sekolahId: string;
  semesterId: string;
  rombonganBelajarId: string;
  mataPelajaranId: number;
  namaMataPelajaran: string;
  guruId: string | null;
  guruPengajarId: string | null;
  kelompokId: number | null;
  noUrut: number | null;
  bobotSumatifMateri: number;
  bobotSumatifAkhir: number;
  rombel: string;
  tingkat: number;
  jenisRombel: number;
  waliId: string | null;
  kunciNilai: boolean;
  kurikulum: string | null;
  hasActiveSub: boolean;
  /** Derived. */
  merdeka: boolean;
  kompetensiId: number;
  agamaId: number | null;
  teacher: boolean;
  wali: boolean;
}

/** The pembelajaran with its rombel, or 404 (not in the caller's school) / 403 (other semester). */
async function loadPembelajaran(db: Db, actor: Actor, pembelajaranId: string): Promise<PembelajaranCtx> {
  const [row] = await db
    .select({
      pembelajaranId: pembelajaran.pembelajaranId,
      sekolahId: pembelajaran.sekolahId,
      semesterId: pembelajaran.semesterId,
      rombonganBelajarId: pembelajaran.rombonganBelajarId,
      mataPelajaranId: pembelajaran.mataPelajaranId,
      namaMataPelajaran: pembelajaran.namaMataPelajaran,
      guruId: pembelajaran.guruId,
      guruPengajarId: pembelajaran.guruPengajarId,
      kelompokId: pembelajaran.kelompokId,
      noUrut: pembelajaran.noUrut,
      bobotSumatifMateri: pembelajaran.bobotSumatifMateri,
      bobotSumatifAkhir: pembelajaran.bobotSumatifAkhir,
      rombel: rombonganBelajar.nama,
      tingkat: rombonganBelajar.tingkat,
      jenisRombel: rombonganBelajar.jenisRombel,
      waliId: rombonganBelajar.guruId,
      kunciNilai: rombonganBelajar.kunciNilai,
      kurikulum: refKurikulum.namaKurikulum,
      hasActiveSub: sql<boolean>`exists (select 1 from ${pembelajaran} c
        where c.induk_pembelajaran_id = ${pembelajaran}.pembelajaran_id and c.deleted_at is null
          and c.kelompok_id is not null and c.no_urut is not null)`,
    })
    .from(pembelajaran)
    .innerJoin(rombonganBelajar, eq(rombonganBelajar.rombonganBelajarId, pembelajaran.rombonganBelajarId))
    .leftJoin(refKurikulum, eq(refKurikulum.kurikulumId, rombonganBelajar.kurikulumId))
    .where(
      and(
        eq(pembelajaran.pembelajaranId, pembelajaranId),
        eq(pembelajaran.sekolahId, actor.sekolahId),
        isNull(pembelajaran.deletedAt),
        isNull(rombonganBelajar.deletedAt),
      ),
    );
  if (!row) throw notFound('Pembelajaran tidak ditemukan.');
  // Grades are entered for the semester of the login only.
  if (row.semesterId !== actor.semesterId) throw forbidden();
  const merdeka = isMerdeka(row.kurikulum);
  const me = actor.guruId;
  return {
    ...row,
    hasActiveSub: Boolean(row.hasActiveSub),
    merdeka,
    kompetensiId: kompetensiNilaiAkhir(merdeka, Boolean(row.hasActiveSub)),
    agamaId: agamaOfMapel(row.mataPelajaranId),
    teacher: isTeacherRole(actor) && me !== null && (row.guruId === me || row.guruPengajarId === me),
    wali: isWaliOf(actor, row),
  };
}

function requireGradable(p: PembelajaranCtx): void {
  const flags = { kelompok_id: p.kelompokId, no_urut: p.noUrut, mata_pelajaran_id: p.mataPelajaranId };
  if (!isGradablePembelajaran(flags)) throw new AppError(422, 'NOT_GRADABLE', ASESMEN_MESSAGES.notGradable);
}

/** Grid reads: the teacher or the class's wali. */
export async function readablePembelajaran(db: Db, actor: Actor, id: string): Promise<PembelajaranCtx> {
  const p = await loadPembelajaran(db, actor, id);
  if (!p.teacher && !p.wali) throw forbidden();
  requireGradable(p);
  return p;
}

/** Writes (and uploads): the teacher only. The gate is checked by the caller, inside its transaction. */
export async function writablePembelajaran(db: Db, actor: Actor, id: string): Promise<PembelajaranCtx> {
  const p = await loadPembelajaran(db, actor, id);
  if (!p.teacher) throw forbidden(p.wali ? ASESMEN_MESSAGES.notTeacher : undefined);
  requireGradable(p);
  return p;
}

/** The school switch and the class lock, as the screens show them. */
export async function gateState(
  db: Db,
  actor: Pick<Actor, 'sekolahId' | 'semesterId'>,
  kunciNilai: boolean,
): Promise<GateState> {
  const gate = penilaianGate(await getStatusPenilaian(db, actor), kunciNilai);
  return gate.open
    ? { open: true, message: null }
    : { open: false, message: PENILAIAN_GATE_MESSAGES[gate.reason] };
}

export async function gridContext(db: Db, actor: Actor, p: PembelajaranCtx): Promise<GridContext> {
  const gate = await gateState(db, actor, p.kunciNilai);
  return {
    pembelajaran_id: p.pembelajaranId,
    nama_mata_pelajaran: p.namaMataPelajaran,
    mata_pelajaran_id: p.mataPelajaranId,
    rombongan_belajar_id: p.rombonganBelajarId,
    rombel: p.rombel,
    tingkat: p.tingkat,
    merdeka: p.merdeka,
    kompetensi_id: p.kompetensiId,
    agama_id: p.agamaId,
    bobot_sumatif_materi: p.bobotSumatifMateri,
    bobot_sumatif_akhir: p.bobotSumatifAkhir,
    gate,
    can_edit: p.teacher && gate.open,
  };
}

/** SQL: the caller teaches the pembelajaran row `p`. */
export function teachesSql(actor: Actor, p: string): SQL {
  if (!isTeacherRole(actor) || !actor.guruId) return sql`false`;
  return sql`(${sql.raw(p)}.guru_id = ${actor.guruId} or ${sql.raw(p)}.guru_pengajar_id = ${actor.guruId})`;
}

/** SQL: the caller is wali of the rombel row `r`. */
export function waliOfSql(actor: Actor, r: string): SQL {
  if (!actor.guruId) return sql`false`;
  const jenis: number[] = [];
  if (actor.roles.includes('wali')) jenis.push(1);
  if (actor.roles.includes('pilihan')) jenis.push(16);
  if (jenis.length === 0) return sql`false`;
  return sql`(${sql.raw(r)}.guru_id = ${actor.guruId} and ${sql.raw(r)}.jenis_rombel in (${sql.raw(jenis.join(','))}))`;
}
