import { MESSAGES } from '@erapor/contract/errors';
import { PORTAL_MESSAGES } from '@erapor/contract/portal/portal';
import { and, eq, isNull } from 'drizzle-orm';
import type { Actor } from '../../../actor';
import type { Db } from '../../../db/client';
import { anggotaRombel, rombonganBelajar } from '../../../db/tables/referensi';
import { forbidden, notFound } from '../../../lib/errors';
import { getActiveSemester } from '../../sekolah/service';
import { printableRombel } from '../access';
import { type TranskripDoc, transkripSiswa } from './data';

/*
 * Who prints a transcript (docs/decisions/040-transkrip.md), through the pupil's membership of a
 * regular class of the login's school: the wali of that class, the Waka and the admin (as the
 * report card, printableRombel: the class must be of the login's semester), and the pupil
 * themself, for their own membership only (another pupil's is 403), with released grades only.
 */

/** Roles that may ask at all; checked on onRequest, before the id is validated. */
export const TRANSKRIP_ROLES = ['wali', 'waka', 'admin', 'siswa'] as const;

const isStaff = (actor: Actor) => ['wali', 'waka', 'admin'].some((r) => actor.roles.includes(r as never));

export async function transkripOfAnggota(
  db: Db,
  actor: Actor,
  anggotaRombelId: string,
  versi: string,
): Promise<TranskripDoc> {
  const [member] = await db
    .select({
      pesertaDidikId: anggotaRombel.pesertaDidikId,
      rombonganBelajarId: anggotaRombel.rombonganBelajarId,
      jenisRombel: rombonganBelajar.jenisRombel,
      semesterId: rombonganBelajar.semesterId,
    })
    .from(anggotaRombel)
    .innerJoin(rombonganBelajar, eq(rombonganBelajar.rombonganBelajarId, anggotaRombel.rombonganBelajarId))
    .where(
      and(
        eq(anggotaRombel.anggotaRombelId, anggotaRombelId),
        eq(rombonganBelajar.sekolahId, actor.sekolahId),
        isNull(anggotaRombel.deletedAt),
        isNull(rombonganBelajar.deletedAt),
      ),
    );
  if (!member) throw notFound(MESSAGES.notFound);
  let hanyaRilis: { activeSemesterId: string | null } | undefined;
  if (!isStaff(actor) && actor.roles.includes('siswa')) {
    if (!actor.pesertaDidikId || actor.pesertaDidikId !== member.pesertaDidikId) {
      throw forbidden(PORTAL_MESSAGES.notYours);
    }
    hanyaRilis = { activeSemesterId: (await getActiveSemester(db))?.semester_id ?? null };
  } else {
    await printableRombel(db, actor, member.rombonganBelajarId);
  }
  if (member.jenisRombel !== 1) throw notFound(MESSAGES.notFound);
  const docs = await transkripSiswa(db, actor.sekolahId, [member.pesertaDidikId], {
    semesterId: member.semesterId,
    hanyaRilis,
    versi,
  });
  const doc = docs.get(member.pesertaDidikId);
  if (!doc) throw notFound(MESSAGES.notFound);
  return doc;
}
