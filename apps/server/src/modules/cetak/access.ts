import { MESSAGES } from '@erapor/contract/errors';
import { and, eq, isNull } from 'drizzle-orm';
import type { Actor } from '../../actor';
import type { Db } from '../../db/client';
import { rombonganBelajar } from '../../db/tables/referensi';
import { forbidden, notFound } from '../../lib/errors';

/*
 * Who prints report cards and downloads ledgers of a class (issue #11 item 1; decision 027):
 * - the Waka (role waka) and the admin (role admin) of the school: any class of the school;
 * - the wali kelas (role wali) of a regular class (jenis 1): that class;
 * - for the ledger only (`elective: true`), the wali of an elective class (jenis 16, role pilihan).
 * A class of another school, a deleted or unknown id: 404. Any other caller: 403. The class must
 * belong to the semester of the login (a class of another semester of the school is 404 as well:
 * the login's semester is the one being printed).
 */

export interface PrintableRombel {
  rombonganBelajarId: string;
  nama: string;
  tingkat: number;
  jenisRombel: number;
  semesterId: string;
  /** The wali kelas of the class (may be null when Dapodik has none). */
  guruId: string | null;
}

/** Whether the caller may use the Waka/admin print pages at all (before any class is chosen). */
export function printsAnyClass(actor: Actor): boolean {
  return actor.roles.includes('waka') || actor.roles.includes('admin');
}

export async function printableRombel(
  db: Db,
  actor: Actor,
  rombonganBelajarId: string,
  options: { elective?: boolean } = {},
): Promise<PrintableRombel> {
  const [row] = await db
    .select({
      rombonganBelajarId: rombonganBelajar.rombonganBelajarId,
      nama: rombonganBelajar.nama,
      tingkat: rombonganBelajar.tingkat,
      jenisRombel: rombonganBelajar.jenisRombel,
      semesterId: rombonganBelajar.semesterId,
      guruId: rombonganBelajar.guruId,
    })
    .from(rombonganBelajar)
    .where(
      and(
        eq(rombonganBelajar.rombonganBelajarId, rombonganBelajarId),
        eq(rombonganBelajar.sekolahId, actor.sekolahId),
        eq(rombonganBelajar.semesterId, actor.semesterId),
        isNull(rombonganBelajar.deletedAt),
      ),
    );
  if (!row) throw notFound(MESSAGES.notFound);
  if (printsAnyClass(actor) && (row.jenisRombel === 1 || (options.elective && row.jenisRombel === 16))) {
    return row;
  }
  const own = actor.guruId !== null && row.guruId === actor.guruId;
  if (own && row.jenisRombel === 1 && actor.roles.includes('wali')) return row;
  if (own && options.elective && row.jenisRombel === 16 && actor.roles.includes('pilihan')) return row;
  throw forbidden(MESSAGES.forbidden);
}
