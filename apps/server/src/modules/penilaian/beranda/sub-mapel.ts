import { KOMPETENSI } from '@erapor/contract/penilaian/rules';
import {
  SUB_MAPEL_MESSAGES,
  type SubMapelGenerated,
  subMapelNilai,
} from '@erapor/contract/penilaian/sub-mapel';
import { and, asc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Actor } from '../../../actor';
import type { Db } from '../../../db/client';
import { nilaiAkhir } from '../../../db/tables/penilaian';
import { pembelajaran } from '../../../db/tables/referensi';
import { AppError, forbidden } from '../../../lib/errors';
import { recordChanges } from '../../riwayat-nilai/record';
import { readablePembelajaran } from '../access';
import { assertPenilaianOpen } from '../gate';
import { subjectOf } from '../grid-save';
import { NILAI_AKHIR_KEY } from '../nilai-akhir';
import { pupilsOf } from '../roster';

/*
 * "Generate Nilai" of a parent subject (issue #11 item 7; rule in contract penilaian/sub-mapel.ts):
 * for every pupil graded in the parent, its printed grade (kompetensi 4 Merdeka / 1 K13) becomes the
 * rounded mean of its own grade (kompetensi 99) and each active child's final grade. A pupil with a
 * part missing gets no parent grade — a grade generated earlier is removed, so the report never
 * shows a grade its parts no longer support — and is named in the answer. Only the class's wali
 * kelas generates (a homeroom action, as in e-Rapor); the school-wide switch and the class lock
 * apply. Running it twice writes the same values. Every printed grade it changes (set, changed or
 * removed) joins the Riwayat Perubahan Nilai as the Nilai Akhir grid records it (decision 045).
 */

export async function generateSubMapel(
  db: Db,
  actor: Actor,
  pembelajaranId: string,
): Promise<SubMapelGenerated> {
  const parent = await readablePembelajaran(db, actor, pembelajaranId);
  if (!parent.wali) throw forbidden(SUB_MAPEL_MESSAGES.notWali);
  if (!parent.hasActiveSub) throw new AppError(422, 'NOT_PARENT', SUB_MAPEL_MESSAGES.notParent);
  const printed = parent.merdeka ? KOMPETENSI.merdeka : KOMPETENSI.k13;

  const children = await db
    .select({ id: pembelajaran.pembelajaranId, nama: pembelajaran.namaMataPelajaran })
    .from(pembelajaran)
    .where(
      and(
        eq(pembelajaran.indukPembelajaranId, pembelajaranId),
        isNull(pembelajaran.deletedAt),
        isNotNull(pembelajaran.kelompokId),
        isNotNull(pembelajaran.noUrut),
      ),
    )
    .orderBy(asc(pembelajaran.noUrut), asc(pembelajaran.namaMataPelajaran));

  return db.transaction(async (tx) => {
    await assertPenilaianOpen(tx, actor, parent.rombonganBelajarId);
    const pupils = await pupilsOf(tx, parent);
    const grades = await tx
      .select({
        anggotaRombelId: nilaiAkhir.anggotaRombelId,
        pembelajaranId: nilaiAkhir.pembelajaranId,
        kompetensiId: nilaiAkhir.kompetensiId,
        nilai: nilaiAkhir.nilai,
      })
      .from(nilaiAkhir)
      .where(inArray(nilaiAkhir.pembelajaranId, [pembelajaranId, ...children.map((c) => c.id)]));
    const gradeOf = (anggota: string, pemb: string, kompetensi: number): number | null => {
      const g = grades.find(
        (r) => r.anggotaRombelId === anggota && r.pembelajaranId === pemb && r.kompetensiId === kompetensi,
      );
      return g?.nilai ?? null;
    };

    const generated: { anggotaRombelId: string; nilai: number }[] = [];
    const missing: SubMapelGenerated['missing'] = [];
    for (const pupil of pupils) {
      const result = subMapelNilai(
        {
          nama: parent.namaMataPelajaran,
          nilai: gradeOf(pupil.anggota_rombel_id, pembelajaranId, KOMPETENSI.induk),
        },
        children.map((c) => ({ nama: c.nama, nilai: gradeOf(pupil.anggota_rombel_id, c.id, printed) })),
      );
      if (result.nilai === null) {
        missing.push({
          anggota_rombel_id: pupil.anggota_rombel_id,
          nama: pupil.nama,
          bagian: result.missing,
        });
      } else {
        generated.push({ anggotaRombelId: pupil.anggota_rombel_id, nilai: result.nilai });
      }
    }

    if (generated.length > 0) {
      await tx
        .insert(nilaiAkhir)
        .values(
          generated.map((g) => ({
            sekolahId: actor.sekolahId,
            anggotaRombelId: g.anggotaRombelId,
            pembelajaranId,
            kompetensiId: printed,
            nilai: g.nilai,
          })),
        )
        .onConflictDoUpdate({
          target: [nilaiAkhir.anggotaRombelId, nilaiAkhir.pembelajaranId, nilaiAkhir.kompetensiId],
          set: { nilai: sql`excluded.nilai`, updatedAt: sql`now()` },
        });
    }
    if (missing.length > 0) {
      await tx.delete(nilaiAkhir).where(
        and(
          eq(nilaiAkhir.pembelajaranId, pembelajaranId),
          eq(nilaiAkhir.kompetensiId, printed),
          inArray(
            nilaiAkhir.anggotaRombelId,
            missing.map((m) => m.anggota_rombel_id),
          ),
        ),
      );
    }
    const before = (anggota: string) => gradeOf(anggota, pembelajaranId, printed);
    await recordChanges(tx, actor, { jenis: 'nilai_akhir', ...subjectOf(parent) }, [
      ...generated.map((g) => ({
        pupilId: g.anggotaRombelId,
        kunci: NILAI_AKHIR_KEY,
        lama: textOf(before(g.anggotaRombelId)),
        baru: String(g.nilai),
      })),
      ...missing.map((m) => ({
        pupilId: m.anggota_rombel_id,
        kunci: NILAI_AKHIR_KEY,
        lama: textOf(before(m.anggota_rombel_id)),
        baru: null,
      })),
    ]);
    return { message: SUB_MAPEL_MESSAGES.generated, generated: generated.length, missing };
  });
}

const textOf = (n: number | null): string | null => (n === null ? null : String(n));
