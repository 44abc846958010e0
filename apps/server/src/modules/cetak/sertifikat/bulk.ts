import { JOB_KIND_SERTIFIKAT_SEMUA, type SertifikatSemuaRequest } from '@erapor/contract/ukk/sertifikat';
import type { Actor } from '../../../actor';
import type { Db } from '../../../db/client';
import { DOCUMENTS } from '../documents';
import { jobKind, type UnitScope } from '../rapor/bulk';
import { sertifikatRencana } from './data';

/*
 * Cetak Semua of a UKK plan's certificates (decisions 033 and 038): the same access and refusals as
 * one certificate (Kaprog, Waka, the plan's internal examiner; LSP 409); the scored pupils with a
 * NISN, by name; those without NISN are named in the job's final message. One unit: the plan.
 */

export interface SertifikatBulkScope extends UnitScope {
  /** Scored pupils without NISN: no certificate number, named when the job ends. */
  tanpaNisn: string[];
}

export async function sertifikatBulkScope(
  db: Db,
  actor: Actor,
  req: SertifikatSemuaRequest,
): Promise<SertifikatBulkScope> {
  const plan = await sertifikatRencana(db, actor, req.rencana_ukk_id);
  return {
    units: [
      {
        nama: plan.kelas,
        read: async () => ({
          command: { type: 'sertifikat', kelas: plan.kelas, list: plan.list },
          siswa: plan.list.length,
        }),
      },
    ],
    total: plan.list.length,
    label: `${DOCUMENTS.sertifikat.bulkName} ${plan.label}`,
    kind: jobKind(JOB_KIND_SERTIFIKAT_SEMUA, actor, req.rencana_ukk_id),
    tanpaNisn: plan.tanpaNisn,
  };
}
