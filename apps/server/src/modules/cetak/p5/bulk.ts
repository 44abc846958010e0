import type { RaporP5SemuaRequest } from '@erapor/contract/projek/cetak';
import { hasRaporP5, JOB_KIND_RAPOR_P5_SEMUA, RAPOR_P5_MESSAGES } from '@erapor/contract/projek/cetak';
import { isNewPpa } from '@erapor/contract/projek/rules';
import type { Actor } from '../../../actor';
import type { Db } from '../../../db/client';
import { AppError } from '../../../lib/errors';
import { DOCUMENTS } from '../documents';
import { jobKind, type UnitScope } from '../rapor/bulk';
import { raporP5 } from './data';
import { printableP5Rombel } from './service';

/*
 * Cetak Semua of a class's P5 reports (decisions 033 and 037): the class's wali, its Koord P5, the
 * Waka and the admin, as for one report; from 20251 or for a K13 class 409 with the reason. The
 * class is read once (raporP5 reads a class in a fixed number of queries) and is the job's one unit.
 */

export type P5BulkScope = UnitScope;

export async function p5BulkScope(
  db: Db,
  actor: Actor,
  req: RaporP5SemuaRequest,
  versi: string,
): Promise<P5BulkScope> {
  const kelas = await printableP5Rombel(db, actor, req.rombongan_belajar_id);
  if (isNewPpa(kelas.semesterId)) throw new AppError(409, 'P5_NEW_PPA', RAPOR_P5_MESSAGES.newPpa);
  const data = await raporP5(db, {
    sekolahId: actor.sekolahId,
    rombonganBelajarId: kelas.rombonganBelajarId,
    versi,
  });
  if (!hasRaporP5({ merdeka: data.kelas.merdeka, semesterId: data.semesterId }))
    throw new AppError(409, 'P5_NOT_MERDEKA', RAPOR_P5_MESSAGES.notMerdeka);
  return {
    // Read above for the checks: the unit hands the same data to the worker.
    units: [
      {
        nama: data.kelas.nama,
        read: async () => ({ command: { type: 'p5', kelas: data }, siswa: data.siswa.length }),
      },
    ],
    total: data.siswa.length,
    label: `${DOCUMENTS.p5.bulkName} ${data.kelas.nama} ${actor.semesterId}`,
    kind: jobKind(JOB_KIND_RAPOR_P5_SEMUA, actor, kelas.rombonganBelajarId),
  };
}
