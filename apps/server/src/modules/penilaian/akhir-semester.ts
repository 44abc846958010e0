import {
  type AkhirSemesterGrid,
  type AkhirSemesterSave,
  ASESMEN_MESSAGES,
  checkScoreRows,
  type SaveResult,
} from '@erapor/contract/penilaian/asesmen';
import { nilaiSumatifAkhirSemester } from '@erapor/contract/penilaian/rules';
import { and, eq, sql } from 'drizzle-orm';
import type { Actor } from '../../actor';
import type { Db } from '../../db/client';
import { nilaiSumatif } from '../../db/tables/penilaian';
import { gridContext, readablePembelajaran, writablePembelajaran } from './access';
import {
  beginGridSave,
  type Cell,
  cellId,
  checkPupils,
  requireSomeChange,
  sameScore,
  showScore,
  subjectOf,
  validationError,
} from './grid-save';
import { pupilsOf } from './roster';

/** Sumatif Akhir Semester: 'non-tes' and 'tes' per pupil (nilai_sumatif); 'na' is computed. */

/** Stored SAS scores keyed `anggota#jenis`. */
export async function nilaiSumatifOf(db: Db, pembelajaranId: string): Promise<Map<string, number>> {
  const rows = await db
    .select({ a: nilaiSumatif.anggotaRombelId, jenis: nilaiSumatif.jenis, nilai: nilaiSumatif.nilai })
    .from(nilaiSumatif)
    .where(eq(nilaiSumatif.pembelajaranId, pembelajaranId));
  return new Map(rows.map((r) => [cellId(r.a, r.jenis), r.nilai]));
}

/** 'na' of a pupil from the stored map. */
export function naOf(stored: ReadonlyMap<string, number>, anggotaRombelId: string): number | null {
  return nilaiSumatifAkhirSemester(
    stored.get(cellId(anggotaRombelId, 'tes')) ?? null,
    stored.get(cellId(anggotaRombelId, 'non-tes')) ?? null,
  );
}

export async function getAkhirSemester(
  db: Db,
  actor: Actor,
  pembelajaranId: string,
): Promise<AkhirSemesterGrid> {
  const p = await readablePembelajaran(db, actor, pembelajaranId);
  const [context, siswa, stored] = await Promise.all([
    gridContext(db, actor, p),
    pupilsOf(db, p),
    nilaiSumatifOf(db, pembelajaranId),
  ]);
  return {
    context,
    siswa: siswa.map((s) => ({
      ...s,
      non_tes: stored.get(cellId(s.anggota_rombel_id, 'non-tes')) ?? null,
      tes: stored.get(cellId(s.anggota_rombel_id, 'tes')) ?? null,
      na: naOf(stored, s.anggota_rombel_id),
    })),
  };
}

export async function saveAkhirSemester(
  db: Db,
  actor: Actor,
  pembelajaranId: string,
  input: AkhirSemesterSave,
): Promise<SaveResult> {
  const p = await writablePembelajaran(db, actor, pembelajaranId);
  const pupils = await pupilsOf(db, p);
  const names = new Map(pupils.map((s) => [s.anggota_rombel_id, s.nama]));
  const { details, values } = checkScoreRows(input.rows, (r) => r.jenis);
  checkPupils(input.rows, names, details);
  if (Object.keys(details).length > 0) throw validationError(details);

  const cells: Cell<number | null>[] = input.rows.map((row, i) => ({
    index: i,
    anggotaRombelId: row.anggota_rombel_id,
    key: row.jenis,
    value: values[i] ?? null,
    sebelumnya: row.sebelumnya,
  }));
  requireSomeChange(cells, sameScore);
  return db.transaction(async (tx) => {
    const changing = await beginGridSave(
      tx,
      actor,
      p,
      cells,
      () => nilaiSumatifOf(tx, pembelajaranId),
      names,
      sameScore,
      showScore,
      { audit: { jenis: 'sumatif', ...subjectOf(p), sumber: input.sumber } },
    );
    const writes = changing.filter((c) => c.value !== null);
    const deletes = changing.filter((c) => c.value === null);
    if (writes.length > 0) {
      await tx
        .insert(nilaiSumatif)
        .values(
          writes.map((c) => ({
            sekolahId: p.sekolahId,
            anggotaRombelId: c.anggotaRombelId,
            pembelajaranId,
            jenis: c.key,
            nilai: c.value as number,
          })),
        )
        .onConflictDoUpdate({
          target: [nilaiSumatif.anggotaRombelId, nilaiSumatif.pembelajaranId, nilaiSumatif.jenis],
          set: { nilai: sql`excluded.nilai`, updatedAt: sql`now()` },
        });
    }
    if (deletes.length > 0) {
      await tx.delete(nilaiSumatif).where(
        and(
          eq(nilaiSumatif.pembelajaranId, pembelajaranId),
          sql`(${nilaiSumatif.anggotaRombelId}, ${nilaiSumatif.jenis}) in (${sql.join(
            deletes.map((c) => sql`(${c.anggotaRombelId}::uuid, ${c.key})`),
            sql`, `,
          )})`,
        ),
      );
    }
    return { message: ASESMEN_MESSAGES.savedAkhirSemester, saved: writes.length, deleted: deletes.length };
  });
}
