import { JOB_KIND_TRANSKRIP_SEMUA, type TranskripSemuaRequest } from '@erapor/contract/cetak/transkrip';
import { MESSAGES } from '@erapor/contract/errors';
import { sql } from 'drizzle-orm';
import type { Actor } from '../../../actor';
import type { Db } from '../../../db/client';
import { sqlRows } from '../../../db/sql-rows';
import { notFound } from '../../../lib/errors';
import { printableRombel } from '../access';
import { DOCUMENTS } from '../documents';
import { type BulkUnit, jobKind, type UnitScope } from '../rapor/bulk';
import { transkripSiswa } from './data';

/*
 * A class's transcripts as one PDF or a ZIP (docs/decisions/040-transkrip.md): the Cetak Semua job
 * of decision 033 with one unit, the class, and its own job kind (`transkrip-semua:` + a hash of
 * school, semester and class), so it never waits for or blocks a report-card job. Who: as one
 * report card (printableRombel: the class's wali, the Waka, the admin).
 */

export type TranskripScope = UnitScope;

export async function transkripBulkScope(
  db: Db,
  actor: Actor,
  req: TranskripSemuaRequest,
  versi: string,
): Promise<TranskripScope> {
  const kelas = await printableRombel(db, actor, req.rombongan_belajar_id);
  if (kelas.jenisRombel !== 1) throw notFound(MESSAGES.notFound);
  // The class's pupils in the report cards' print order (by name).
  const pupils = await sqlRows<{ peserta_didik_id: string }>(
    db,
    sql`select a.peserta_didik_id from anggota_rombel a
      join peserta_didik p on p.peserta_didik_id = a.peserta_didik_id
      where a.rombongan_belajar_id = ${kelas.rombonganBelajarId} and a.deleted_at is null
      order by p.nama, a.anggota_rombel_id`,
  );
  const ids = pupils.map((p) => String(p.peserta_didik_id));
  const unit: BulkUnit = {
    nama: kelas.nama,
    read: async () => {
      const docs = await transkripSiswa(db, actor.sekolahId, ids, { semesterId: kelas.semesterId, versi });
      const ordered = ids.map((id) => docs.get(id)).filter((d) => d !== undefined);
      return ordered.length > 0
        ? { command: { type: 'transkrip', nama: kelas.nama, docs: ordered }, siswa: ordered.length }
        : { command: { type: 'end' }, siswa: 0 };
    },
  };
  return {
    units: [unit],
    total: ids.length,
    label: `${DOCUMENTS.transkrip.bulkName} ${kelas.nama} ${actor.semesterId}`,
    kind: jobKind(JOB_KIND_TRANSKRIP_SEMUA, actor, kelas.rombonganBelajarId),
  };
}
