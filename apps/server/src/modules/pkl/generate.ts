import { MAPEL_PKL } from '@erapor/contract/penilaian/rules';
import { PKL_NILAI_MESSAGES, type PklGenerated } from '@erapor/contract/pkl/penilaian';
import { and, eq, isNull } from 'drizzle-orm';
import type { Actor } from '../../actor';
import type { Db } from '../../db/client';
import { pembelajaran } from '../../db/tables/referensi';
import { forbidden, notFound } from '../../lib/errors';
import { assertPenilaianOpen } from '../penilaian/gate';
import { lockPembelajaran } from '../penilaian/grid-save';
import { requirePembimbing } from './access';
import { recomputeNilaiAkhirPkl } from './nilai-akhir';

/*
 * "Generate Nilai" of the PKL subject on the Beranda detail (issue #12 item 5; decision 034,
 * section "Generate Nilai"): recomputes every pupil of the class from their PKL scores, the same
 * rule and code every score save runs. Who: the subject's teacher — the Pembimbing PKL who is the
 * guru or guru pengajar of that pembelajaran (the one who enters the scores); the wali kelas,
 * other teachers and everyone else 403; not the login's school/semester or not the PKL subject
 * 404; the school switch and the class lock 423. Running it twice writes the same values.
 */
export async function generateNilaiPkl(db: Db, actor: Actor, pembelajaranId: string): Promise<PklGenerated> {
  const me = requirePembimbing(actor);
  const [subject] = await db
    .select({
      rombel: pembelajaran.rombonganBelajarId,
      guruId: pembelajaran.guruId,
      pengajarId: pembelajaran.guruPengajarId,
    })
    .from(pembelajaran)
    .where(
      and(
        eq(pembelajaran.pembelajaranId, pembelajaranId),
        eq(pembelajaran.sekolahId, me.sekolahId),
        eq(pembelajaran.semesterId, me.semesterId),
        eq(pembelajaran.mataPelajaranId, MAPEL_PKL),
        isNull(pembelajaran.deletedAt),
      ),
    );
  if (!subject) throw notFound(PKL_NILAI_MESSAGES.pembelajaranNotFound);
  if (subject.guruId !== me.guruId && subject.pengajarId !== me.guruId)
    throw forbidden(PKL_NILAI_MESSAGES.notPembimbing);
  return db.transaction(async (tx) => {
    // The same lock as the score saves of the class: a save and a generate never interleave.
    await lockPembelajaran(tx, `pkl:${subject.rombel}`);
    await assertPenilaianOpen(tx, me, subject.rombel);
    const result = await recomputeNilaiAkhirPkl(tx, me, subject.rombel);
    return {
      message: PKL_NILAI_MESSAGES.generated,
      generated: result.graded.length,
      tanpa_nilai: result.ungraded,
    };
  });
}
