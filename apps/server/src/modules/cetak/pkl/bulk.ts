import { JOB_KIND_RAPOR_PKL, type RaporPklSemuaRequest } from '@erapor/contract/pkl/cetak';
import type { Actor } from '../../../actor';
import type { Db } from '../../../db/client';
import { DOCUMENTS } from '../documents';
import { type BulkUnit, jobKind, type UnitScope } from '../rapor/bulk';
import { raporPkl } from './data';
import { printablePlans } from './service';

/*
 * The PKL reports through the Cetak Semua job (decision 033; issue #12 item 7): a plan's or a
 * class's plans' reports, one unit per plan. Its job kind is its own (`rapor-pkl-semua:` + a hash
 * of school, semester and scope), so it never blocks, nor is blocked by, report-card printing.
 */

export type PklBulkScope = UnitScope;

export async function pklBulkScope(
  db: Db,
  actor: Actor,
  req: RaporPklSemuaRequest,
  versi: string,
): Promise<PklBulkScope> {
  const plans = await printablePlans(db, actor, req);
  const units = plans.map(
    (p): BulkUnit => ({
      nama: p.nama,
      read: async () => {
        const plan = await raporPkl(db, {
          sekolahId: actor.sekolahId,
          semesterId: actor.semesterId,
          pklId: p.pklId,
          versi,
        });
        return plan
          ? { command: { type: 'pkl', plan }, siswa: plan.siswa.length }
          : { command: { type: 'end' }, siswa: 0 };
      },
    }),
  );
  const scope = req.pkl_id ?? `rombel-${req.rombongan_belajar_id}`;
  const first = plans[0];
  const label = `${DOCUMENTS.pkl.bulkName} ${req.pkl_id ? first?.nama : first?.kelas}`;
  return {
    units,
    total: plans.reduce((n, p) => n + p.peserta, 0),
    label: `${label} ${actor.semesterId}`,
    kind: jobKind(JOB_KIND_RAPOR_PKL, actor, scope),
  };
}
