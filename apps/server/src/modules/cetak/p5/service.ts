import { MESSAGES } from '@erapor/contract/errors';
import { hasRaporP5, RAPOR_P5_MESSAGES } from '@erapor/contract/projek/cetak';
import { isNewPpa } from '@erapor/contract/projek/rules';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Actor } from '../../../actor';
import type { Db } from '../../../db/client';
import { anggotaRombel, rombonganBelajar } from '../../../db/tables/referensi';
import { AppError, forbidden, notFound } from '../../../lib/errors';
import { isKoordP5, teachesP5Sql } from '../../projek/access';
import { printsAnyClass } from '../access';
import { type RaporP5, raporP5 } from './data';

/*
 * Who prints the P5 report (issue #13 item 9): of a regular class of the login's school and
 * semester, its wali kelas, its Koord P5 (guru-p5 teaching the class's P5 pembelajaran), the Waka and
 * the admin (the admin through the Rombel-resource print page, decision 027); others 403; a pupil of
 * another school or semester, or an unknown id, 404. Then the regime: from 20251, or for a class not
 * on Kurikulum Merdeka, there is no P5 report (409 with the reason).
 */

/** The class of a membership if the caller may print its P5 reports. */
export async function printableP5Rombel(db: Db, actor: Actor, rombelId: string) {
  const me = actor.guruId ?? '00000000-0000-0000-0000-000000000000';
  const [row] = await db
    .select({
      rombonganBelajarId: rombonganBelajar.rombonganBelajarId,
      semesterId: rombonganBelajar.semesterId,
      waliId: rombonganBelajar.guruId,
      jenisRombel: rombonganBelajar.jenisRombel,
      koord: sql<boolean>`${teachesP5Sql(me, sql`${rombonganBelajar.rombonganBelajarId}`)}`,
    })
    .from(rombonganBelajar)
    .where(
      and(
        eq(rombonganBelajar.rombonganBelajarId, rombelId),
        eq(rombonganBelajar.sekolahId, actor.sekolahId),
        eq(rombonganBelajar.semesterId, actor.semesterId),
        isNull(rombonganBelajar.deletedAt),
      ),
    );
  if (row?.jenisRombel !== 1) throw notFound(MESSAGES.notFound);
  const wali = actor.roles.includes('wali') && actor.guruId !== null && row.waliId === actor.guruId;
  const koord = isKoordP5(actor) && Boolean(row.koord);
  if (!printsAnyClass(actor) && !wali && !koord) throw forbidden(MESSAGES.forbidden);
  return row;
}

/** One pupil's P5 report data, after checking the caller may print it and that it exists. */
export async function raporP5OfAnggota(
  db: Db,
  actor: Actor,
  anggotaRombelId: string,
  versi: string,
): Promise<RaporP5> {
  const [member] = await db
    .select({ rombonganBelajarId: anggotaRombel.rombonganBelajarId })
    .from(anggotaRombel)
    .where(and(eq(anggotaRombel.anggotaRombelId, anggotaRombelId), isNull(anggotaRombel.deletedAt)));
  if (!member) throw notFound(MESSAGES.notFound);
  const kelas = await printableP5Rombel(db, actor, member.rombonganBelajarId);
  if (isNewPpa(kelas.semesterId)) throw new AppError(409, 'P5_NEW_PPA', RAPOR_P5_MESSAGES.newPpa);
  const data = await raporP5(
    db,
    { sekolahId: actor.sekolahId, rombonganBelajarId: kelas.rombonganBelajarId, versi },
    [anggotaRombelId],
  );
  if (!hasRaporP5({ merdeka: data.kelas.merdeka, semesterId: data.semesterId }))
    throw new AppError(409, 'P5_NOT_MERDEKA', RAPOR_P5_MESSAGES.notMerdeka);
  return data;
}
