import { MESSAGES } from '@erapor/contract/errors';
import { BOBOT_MESSAGES, type BobotResponse, type BobotSave } from '@erapor/contract/kurikulum/bobot';
import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Actor } from '../../actor';
import type { Db } from '../../db/client';
import { pembelajaran, rombonganBelajar } from '../../db/tables/referensi';
import { AppError, forbidden } from '../../lib/errors';
import { ownedBy, requireTeacher } from './access';

/*
 * Bobot penilaian: bobot_sumatif_materi / bobot_sumatif_akhir of the caller's own pembelajaran.
 * Only active pembelajaran (kelompok and no urut set by the administrator) are graded, so only
 * those are listed; P5 themes, which have neither, stay out.
 */

function ownActive(actor: Actor) {
  return and(
    eq(pembelajaran.sekolahId, actor.sekolahId),
    eq(pembelajaran.semesterId, actor.semesterId),
    isNull(pembelajaran.deletedAt),
    isNull(rombonganBelajar.deletedAt),
    inArray(rombonganBelajar.jenisRombel, [1, 16]),
    isNotNull(pembelajaran.kelompokId),
    isNotNull(pembelajaran.noUrut),
    ownedBy(actor),
  );
}

export async function listBobot(db: Db, actor: Actor): Promise<BobotResponse> {
  requireTeacher(actor);
  const data = await db
    .select({
      pembelajaran_id: pembelajaran.pembelajaranId,
      mata_pelajaran: pembelajaran.namaMataPelajaran,
      rombel: rombonganBelajar.nama,
      tingkat: rombonganBelajar.tingkat,
      bobot_sumatif_materi: pembelajaran.bobotSumatifMateri,
      bobot_sumatif_akhir: pembelajaran.bobotSumatifAkhir,
    })
    .from(pembelajaran)
    .innerJoin(rombonganBelajar, eq(rombonganBelajar.rombonganBelajarId, pembelajaran.rombonganBelajarId))
    .where(ownActive(actor))
    .orderBy(
      rombonganBelajar.tingkat,
      rombonganBelajar.nama,
      pembelajaran.namaMataPelajaran,
      pembelajaran.pembelajaranId,
    );
  return { data };
}

/**
 * Saves the weights of all rows in one transaction. Every row must be one of the caller's active
 * pembelajaran (else 403, nothing written); a row whose stored weights differ from what the browser
 * loaded was changed elsewhere meanwhile (409, nothing written).
 */
export async function saveBobot(
  db: Db,
  actor: Actor,
  input: BobotSave,
): Promise<BobotResponse & { message: string }> {
  requireTeacher(actor);
  const seen = new Set<string>();
  const duplicates: Record<string, string> = {};
  input.rows.forEach((r, i) => {
    if (seen.has(r.pembelajaran_id)) duplicates[`rows.${i}.pembelajaran_id`] = BOBOT_MESSAGES.duplicateRow;
    seen.add(r.pembelajaran_id);
  });
  if (Object.keys(duplicates).length)
    throw new AppError(422, 'VALIDATION_ERROR', MESSAGES.validation, duplicates);

  await db.transaction(async (tx) => {
    const stored = await tx
      .select({
        id: pembelajaran.pembelajaranId,
        materi: pembelajaran.bobotSumatifMateri,
        akhir: pembelajaran.bobotSumatifAkhir,
      })
      .from(pembelajaran)
      .innerJoin(rombonganBelajar, eq(rombonganBelajar.rombonganBelajarId, pembelajaran.rombonganBelajarId))
      .where(and(ownActive(actor), inArray(pembelajaran.pembelajaranId, [...seen])))
      .for('update', { of: pembelajaran });
    const byId = new Map(stored.map((s) => [s.id, s]));
    if (input.rows.some((r) => !byId.has(r.pembelajaran_id))) throw forbidden(BOBOT_MESSAGES.notYours);
    const conflict = input.rows.some((r) => {
      const s = byId.get(r.pembelajaran_id);
      return s?.materi !== r.loaded.bobot_sumatif_materi || s?.akhir !== r.loaded.bobot_sumatif_akhir;
    });
    if (conflict) throw new AppError(409, 'CONFLICT', BOBOT_MESSAGES.conflict);
    for (const r of input.rows) {
      const s = byId.get(r.pembelajaran_id);
      if (s?.materi === r.bobot_sumatif_materi && s?.akhir === r.bobot_sumatif_akhir) continue;
      await tx
        .update(pembelajaran)
        .set({
          bobotSumatifMateri: r.bobot_sumatif_materi,
          bobotSumatifAkhir: r.bobot_sumatif_akhir,
          updatedAt: sql`now()`,
        })
        .where(eq(pembelajaran.pembelajaranId, r.pembelajaran_id));
    }
  });
  return { message: BOBOT_MESSAGES.saved, ...(await listBobot(db, actor)) };
}
