import {
  ASESMEN_MESSAGES,
  JENIS_LABEL,
  JENIS_SUMATIF,
  type JenisTemplate,
  type UploadResult,
} from '@erapor/contract/penilaian/asesmen';
import { and, eq } from 'drizzle-orm';
import type { Actor } from '../../actor';
import type { Db } from '../../db/client';
import { pembelajaran } from '../../db/tables/referensi';
import { semester } from '../../db/tables/sekolah';
import { fieldError } from '../../lib/errors';
import { readUploadedWorkbook } from '../../lib/spreadsheet/upload-field';
import { type PembelajaranCtx, readablePembelajaran, writablePembelajaran } from './access';
import { nilaiSumatifOf } from './akhir-semester';
import { buildTemplate } from './excel';
import { copiedMeta, readGrades, readTemplateMeta, type TemplateMeta } from './excel-upload';
import { assertPenilaianOpen } from './gate';
import { nilaiTpOf } from './lingkup-materi';
import { NILAI_AKHIR_KEY, nilaiAkhirStored } from './nilai-akhir';
import { pupilsOf, tpOf } from './roster';

/** "Unduh Template" and the upload that fills the grid for review (reference-screens §7.1, §7.3). */

async function storedValues(db: Db, p: PembelajaranCtx, jenis: JenisTemplate): Promise<Map<string, number>> {
  if (jenis === 'lingkup-materi') return nilaiTpOf(db, p.pembelajaranId);
  if (jenis === 'akhir-semester') return nilaiSumatifOf(db, p.pembelajaranId);
  return nilaiAkhirStored(db, p);
}

const fileSafe = (s: string) => s.replace(/[^\p{L}\p{N} ._-]+/gu, '').trim() || 'nilai';

export async function template(
  db: Db,
  actor: Actor,
  pembelajaranId: string,
  jenis: JenisTemplate,
): Promise<{ filename: string; data: Buffer }> {
  const p = await readablePembelajaran(db, actor, pembelajaranId);
  const [pupils, tp, values, [sem]] = await Promise.all([
    pupilsOf(db, p),
    tpOf(db, pembelajaranId),
    storedValues(db, p, jenis),
    db.select({ nama: semester.nama }).from(semester).where(eq(semester.semesterId, p.semesterId)),
  ]);
  const data = await buildTemplate({
    jenis,
    pembelajaranId,
    rombonganBelajarId: p.rombonganBelajarId,
    mapel: p.namaMataPelajaran,
    kelas: p.rombel,
    tahunPelajaran: sem?.nama ?? p.semesterId,
    semesterId: p.semesterId,
    pupils,
    tp,
    values,
  });
  return {
    filename: `Template ${JENIS_LABEL[jenis]} - ${fileSafe(p.namaMataPelajaran)} - ${fileSafe(p.rombel)}.xlsx`,
    data,
  };
}

const semesterNama = async (db: Db, id: string) =>
  (await db.select({ nama: semester.nama }).from(semester).where(eq(semester.semesterId, id)))[0]?.nama ?? id;

/**
 * A template of another pembelajaran: when it is of another semester (written in newer templates;
 * for older ones, the semester of the pembelajaran it names, in this school) say which semester it
 * is for, else which subject and class.
 */
async function otherTemplate(db: Db, actor: Actor, p: PembelajaranCtx, meta: TemplateMeta): Promise<Error> {
  let fileSemester = meta.semesterId;
  if (!fileSemester) {
    const [row] = await db
      .select({ semesterId: pembelajaran.semesterId })
      .from(pembelajaran)
      .where(
        and(
          eq(pembelajaran.pembelajaranId, meta.pembelajaranId),
          eq(pembelajaran.sekolahId, actor.sekolahId),
        ),
      );
    fileSemester = row?.semesterId ?? null;
  }
  if (fileSemester && fileSemester !== p.semesterId) {
    const [file, open] = await Promise.all([semesterNama(db, fileSemester), semesterNama(db, p.semesterId)]);
    return fieldError('file_excel', ASESMEN_MESSAGES.otherSemester(file, open));
  }
  return fieldError('file_excel', ASESMEN_MESSAGES.otherPembelajaran(meta.mapel, meta.kelas));
}

/** Reads an uploaded template into values for the grid. Only the teacher, only while grading is open. */
export async function upload(
  db: Db,
  actor: Actor,
  pembelajaranId: string,
  jenis: JenisTemplate,
  file: { data: Buffer; filename: string },
): Promise<UploadResult> {
  const p = await writablePembelajaran(db, actor, pembelajaranId);
  await assertPenilaianOpen(db, actor, p.rombonganBelajarId);
  const workbook = await readUploadedWorkbook(file.data, file.filename, 'file_excel');
  // No identification sheet: a grade sheet copied into a new file, read by its rows' proof (decision 052).
  const meta = readTemplateMeta(workbook) ?? copiedMeta(jenis, pembelajaranId, p.namaMataPelajaran, p.rombel);
  if (meta.jenis !== jenis) throw fieldError('file_excel', ASESMEN_MESSAGES.otherJenis(meta.jenis, jenis));
  if (meta.pembelajaranId !== pembelajaranId) throw await otherTemplate(db, actor, p, meta);
  const [pupils, tp] = await Promise.all([pupilsOf(db, p), tpOf(db, pembelajaranId)]);
  const columns = new Set<string>(jenis === 'akhir-semester' ? JENIS_SUMATIF : tp.map((t) => t.tp_id));
  if (jenis === 'nilai-akhir') columns.add(NILAI_AKHIR_KEY);
  const parsed = readGrades(workbook, meta, { jenis, pupils, columns });
  return { message: ASESMEN_MESSAGES.uploaded, jenis, ...parsed };
}
