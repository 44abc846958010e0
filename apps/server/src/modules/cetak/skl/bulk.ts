import { STATUS_KENAIKAN } from '@erapor/contract/cetak/rapor';
import { JOB_KIND_SKL_SEMUA, SKL_MESSAGES, type SklSemuaRequest } from '@erapor/contract/cetak/skl';
import { ERROR_CODES, MESSAGES } from '@erapor/contract/errors';
import { sql } from 'drizzle-orm';
import type { Actor } from '../../../actor';
import type { Db } from '../../../db/client';
import { sqlRows } from '../../../db/sql-rows';
import { AppError, notFound } from '../../../lib/errors';
import { printableRombel } from '../access';
import { DOCUMENTS } from '../documents';
import { type BulkUnit, jobKind, type UnitScope } from '../rapor/bulk';
import type { SklBulkItem } from '../render-protocol';
import { transkripSiswa } from '../transkrip/data';
import { effectiveTemplate, sklOfKelas, storedTemplate, tanggalLulusOf, templateFromRow } from './data';

/*
 * The letters of a class's Lulus pupils as one PDF or a ZIP (docs/decisions/047-surat-keterangan-lulus.md):
 * the Cetak Semua job of decision 033 with one unit, the class, under its own kind (`skl-semua:` + a
 * hash of school, semester and class). Who: as one letter (printableRombel: the class's wali, the
 * Waka, the admin). Each letter is made as the single one is (`sklOfKelas`, the class read once):
 * a pupil keeps the number given before, a pupil printed for the first time gets the next one under
 * the school's lock — in print order (by name), so a class printed at once gets consecutive numbers. Pupils who
 * are not Lulus are left out; a class with none is refused when the job is asked for.
 */

export async function sklBulkScope(
  db: Db,
  actor: Actor,
  req: SklSemuaRequest,
  versi: string,
): Promise<UnitScope> {
  const kelas = await printableRombel(db, actor, req.rombongan_belajar_id);
  if (kelas.jenisRombel !== 1) throw notFound(MESSAGES.notFound);
  const pupils = await sqlRows<{ anggota_rombel_id: string; peserta_didik_id: string }>(
    db,
    sql`select a.anggota_rombel_id, a.peserta_didik_id from anggota_rombel a
      join peserta_didik p on p.peserta_didik_id = a.peserta_didik_id
      join kenaikan_kelas k on k.anggota_rombel_id = a.anggota_rombel_id
      where a.rombongan_belajar_id = ${kelas.rombonganBelajarId} and a.deleted_at is null
        and k.status = ${STATUS_KENAIKAN.lulus}
      order by p.nama, a.anggota_rombel_id`,
  );
  const row = await storedTemplate(db, actor.sekolahId);
  // Said when the job is asked for, not after it started: no date, no letter.
  if (
    pupils.length > 0 &&
    !(await tanggalLulusOf(db, actor.sekolahId, kelas.semesterId, row?.tanggalLulus ?? null))
  )
    throw new AppError(409, ERROR_CODES.CONFLICT, SKL_MESSAGES.noTanggal);
  const withGrades = effectiveTemplate(templateFromRow(row)).tampilkanNilai;
  const unit: BulkUnit = {
    nama: kelas.nama,
    read: async () => {
      const docs = await sklOfKelas(
        db,
        actor,
        kelas,
        pupils.map((p) => ({ anggotaRombelId: p.anggota_rombel_id, pesertaDidikId: p.peserta_didik_id })),
        versi,
      );
      const items: SklBulkItem[] = docs.map((doc) => ({ doc, transkrip: null }));
      if (withGrades) {
        const transkrip = await transkripSiswa(
          db,
          actor.sekolahId,
          pupils.map((p) => String(p.peserta_didik_id)),
          { semesterId: kelas.semesterId, versi },
        );
        for (const [i, p] of pupils.entries()) {
          const item = items[i];
          if (item) item.transkrip = transkrip.get(String(p.peserta_didik_id))?.transkrip ?? null;
        }
      }
      return items.length > 0
        ? { command: { type: 'skl', nama: kelas.nama, items }, siswa: items.length }
        : { command: { type: 'end' }, siswa: 0 };
    },
  };
  return {
    units: [unit],
    total: pupils.length,
    label: `${DOCUMENTS.skl.bulkName} ${kelas.nama} ${actor.semesterId}`,
    kind: jobKind(JOB_KIND_SKL_SEMUA, actor, kelas.rombonganBelajarId),
  };
}
