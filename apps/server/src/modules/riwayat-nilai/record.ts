import type { JenisRiwayat } from '@erapor/contract/riwayat-nilai';
import { sql } from 'drizzle-orm';
import type { Actor } from '../../actor';
import type { Db } from '../../db/client';
import type { SUMBER_RIWAYAT } from '../../db/tables/riwayat-nilai';

/*
 * How a grade change joins the Riwayat Perubahan Nilai (docs/decisions/045-riwayat-nilai.md):
 *  - Every grid saved through `beginGridSave` (penilaian/grid-save.ts) is recorded there already:
 *    its options carry a required `audit: GridAudit` (the kind of grade, the subject, how the pupil
 *    is keyed), and the changed cells it returns are written as one batch insert in the save's
 *    transaction, old value = the stored one it compared, new = the cell's. A new grid that uses
 *    beginGridSave cannot compile without saying what it records.
 *  - A writer that does not go through a grid (a reset, a note created or deleted one by one)
 *    calls `recordChanges` itself, inside its own transaction, with the cells that really change.
 *  - Nothing is recorded for an unchanged cell, and a refused save (409, 422, 423…) throws before
 *    or rolls back with the change, so it leaves no entry.
 * Values are text as the grid shows them; `null` is an empty cell.
 */

export type SumberRiwayat = (typeof SUMBER_RIWAYAT)[number];

export interface Perubahan {
  /** Class membership of the pupil, or (pupilKey 'peserta_didik') the pupil's id. */
  pupilId: string;
  kunci: string;
  lama: string | null;
  baru: string | null;
}

export interface RiwayatTarget {
  jenis: JenisRiwayat | ((kunci: string) => JenisRiwayat);
  rombonganBelajarId: string | null;
  /** The subject; null for a class's own grids. */
  pembelajaranId: string | null;
  /** How the grid keys its pupils (default: anggota_rombel). */
  pupilKey?: 'anggota_rombel' | 'peserta_didik';
  sumber?: SumberRiwayat;
}

/** Writes one entry per change, in one statement, in the caller's transaction. */
export async function recordChanges(
  tx: Db,
  actor: Actor,
  target: RiwayatTarget,
  changes: readonly Perubahan[],
): Promise<void> {
  const real = changes.filter((c) => c.lama !== c.baru);
  if (real.length === 0) return;
  const byPupil = target.pupilKey === 'peserta_didik';
  const jenis = target.jenis;
  // One statement with the cells as one JSON parameter: a 36 × 12 grid is 432 rows, and thousands
  // of bound parameters cost the embedded database far more than one jsonb_to_recordset (decision 045).
  const rows = JSON.stringify(
    real.map((c) => ({
      p: c.pupilId,
      j: typeof jenis === 'function' ? jenis(c.kunci) : jenis,
      k: c.kunci.slice(0, 100),
      l: c.lama,
      b: c.baru,
    })),
  );
  await tx.execute(sql`
    insert into riwayat_nilai (sekolah_id, semester_id, user_id, nama_pengguna, peran,
      rombongan_belajar_id, anggota_rombel_id, peserta_didik_id, pembelajaran_id,
      jenis, kunci, nilai_lama, nilai_baru, sumber)
    select ${actor.sekolahId}::uuid, ${actor.semesterId}, ${actor.userId}::uuid,
      coalesce((select u.name from users u where u.user_id = ${actor.userId}::uuid), ''),
      ${actor.roles.join(',').slice(0, 160)}, ${target.rombonganBelajarId}::uuid,
      ${byPupil ? sql`null` : sql`x.p`}, ${byPupil ? sql`x.p` : sql`null`}, ${target.pembelajaranId}::uuid,
      x.j, x.k, x.l, x.b, ${target.sumber ?? 'layar'}
    from jsonb_to_recordset(${rows}::jsonb) as x(p uuid, j text, k text, l text, b text)`);
}
