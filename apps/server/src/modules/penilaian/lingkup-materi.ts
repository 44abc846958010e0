import {
  ASESMEN_MESSAGES,
  checkScoreRows,
  type LingkupMateriGrid,
  type LingkupMateriSave,
  type SaveResult,
} from '@erapor/contract/penilaian/asesmen';
import { and, eq, sql } from 'drizzle-orm';
import type { Actor } from '../../actor';
import type { Db } from '../../db/client';
import { nilaiTp } from '../../db/tables/penilaian';
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
  uuidPairsIn,
  validationError,
} from './grid-save';
import { pupilsOf, tpOf } from './roster';

/** Sumatif Lingkup Materi: a score per pupil per mapped TP (nilai_tp). */

/** Stored scores of the pembelajaran keyed `anggota#tp`. */
export async function nilaiTpOf(db: Db, pembelajaranId: string): Promise<Map<string, number>> {
  const rows = await db
    .select({ a: nilaiTp.anggotaRombelId, tp: nilaiTp.tpId, nilai: nilaiTp.nilai })
    .from(nilaiTp)
    .where(eq(nilaiTp.pembelajaranId, pembelajaranId));
  return new Map(rows.map((r) => [cellId(r.a, r.tp), r.nilai]));
}

export async function getLingkupMateri(
  db: Db,
  actor: Actor,
  pembelajaranId: string,
): Promise<LingkupMateriGrid> {
  const p = await readablePembelajaran(db, actor, pembelajaranId);
  const [context, tp, siswa, stored] = await Promise.all([
    gridContext(db, actor, p),
    tpOf(db, pembelajaranId),
    pupilsOf(db, p),
    nilaiTpOf(db, pembelajaranId),
  ]);
  return {
    context,
    tp,
    siswa: siswa.map((s) => {
      const nilai: Record<string, number> = {};
      for (const t of tp) {
        const v = stored.get(cellId(s.anggota_rombel_id, t.tp_id));
        if (v !== undefined) nilai[t.tp_id] = v;
      }
      return { ...s, nilai };
    }),
  };
}

export async function saveLingkupMateri(
  db: Db,
  actor: Actor,
  pembelajaranId: string,
  input: LingkupMateriSave,
): Promise<SaveResult> {
  const p = await writablePembelajaran(db, actor, pembelajaranId);
  const [pupils, tp] = await Promise.all([pupilsOf(db, p), tpOf(db, pembelajaranId)]);
  const names = new Map(pupils.map((s) => [s.anggota_rombel_id, s.nama]));
  const tpIds = new Set(tp.map((t) => t.tp_id));
  const { details, values } = checkScoreRows(input.rows, (r) => r.tp_id);
  checkPupils(input.rows, names, details);
  input.rows.forEach((row, i) => {
    if (!tpIds.has(row.tp_id)) details[`rows.${i}.tp_id`] = ASESMEN_MESSAGES.tpNotMapped;
  });
  if (Object.keys(details).length > 0) throw validationError(details);

  const cells: Cell<number | null>[] = input.rows.map((row, i) => ({
    index: i,
    anggotaRombelId: row.anggota_rombel_id,
    key: row.tp_id,
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
      () => nilaiTpOf(tx, pembelajaranId),
      names,
      sameScore,
      showScore,
      { audit: { jenis: 'nilai_tp', ...subjectOf(p), sumber: input.sumber } },
    );
    const writes = changing.filter((c) => c.value !== null);
    const deletes = changing.filter((c) => c.value === null);
    if (writes.length > 0) {
      await tx
        .insert(nilaiTp)
        .values(
          writes.map((c) => ({
            sekolahId: p.sekolahId,
            anggotaRombelId: c.anggotaRombelId,
            pembelajaranId,
            tpId: c.key,
            nilai: c.value as number,
          })),
        )
        .onConflictDoUpdate({
          target: [nilaiTp.anggotaRombelId, nilaiTp.pembelajaranId, nilaiTp.tpId],
          set: { nilai: sql`excluded.nilai`, updatedAt: sql`now()` },
        });
    }
    if (deletes.length > 0) {
      await tx.delete(nilaiTp).where(
        and(
          eq(nilaiTp.pembelajaranId, pembelajaranId),
          uuidPairsIn(
            sql`(${nilaiTp.anggotaRombelId}, ${nilaiTp.tpId})`,
            deletes.map((c) => [c.anggotaRombelId, c.key] as const),
          ),
        ),
      );
    }
    return { message: ASESMEN_MESSAGES.savedLingkupMateri, saved: writes.length, deleted: deletes.length };
  });
}
