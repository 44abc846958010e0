import {
  checkNilaiPklRows,
  type NilaiPklCell,
  type NilaiPklGrid,
  type NilaiPklSave,
  type NilaiPklSaved,
  PKL_NILAI_MESSAGES,
  type RencanaNilaiList,
} from '@erapor/contract/pkl/penilaian';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Actor } from '../../actor';
import type { Db } from '../../db/client';
import { tujuanPembelajaran } from '../../db/tables/kurikulum';
import { nilaiPkl, pdPkl, praktikKerjaLapangan, tpPkl } from '../../db/tables/pkl';
import { aktPd, dudi, mou, pesertaDidik, rombonganBelajar } from '../../db/tables/referensi';
import { gateState } from '../penilaian/access';
import {
  beginGridSave,
  type Cell,
  cellId,
  requireSomeChange,
  uuidPairsIn,
  validationError,
} from '../penilaian/grid-save';
import { readablePlan, requirePembimbing, scorablePlan, supervisesSql, teachesPklSql } from './access';
import { recomputeNilaiAkhirPkl } from './nilai-akhir';

/*
 * Input Penilaian PKL (issue #12 item 3; contract pkl/penilaian.ts; docs/decisions/034-pkl.md).
 * The owner of a plan or a co-supervisor scores each participant on each of the plan's TPs and
 * writes a Catatan PKL per pupil; the wali kelas and the Waka read the grid. A save goes the way
 * every grade grid does (penilaian/grid-save.ts): all bad cells at once (422), then one
 * transaction — a lock per class (every PKL plan of a class feeds one nilai akhir, so two plans of
 * the class queue up), the gate (423), the stale check against what the browser loaded (409) —
 * and, in that same transaction, the PKL nilai akhir of the pupils whose scores changed.
 */

const CATATAN_KEY = 'catatan';

/** The plans the caller may score (owner, or a co-supervisor teaching the class's PKL): the cascade. */
export async function listScorablePlans(db: Db, actor: Actor): Promise<RencanaNilaiList> {
  const me = requirePembimbing(actor);
  const k = praktikKerjaLapangan;
  const data = await db
    .select({
      pkl_id: k.pklId,
      tingkat: rombonganBelajar.tingkat,
      rombongan_belajar_id: k.rombonganBelajarId,
      rombel: rombonganBelajar.nama,
      dudi_id: dudi.dudiId,
      nama_dudi: dudi.nama,
      judul_akt_pd: aktPd.judulAktPd,
    })
    .from(k)
    .innerJoin(rombonganBelajar, eq(rombonganBelajar.rombonganBelajarId, k.rombonganBelajarId))
    .innerJoin(aktPd, eq(aktPd.aktPdId, k.aktPdId))
    .innerJoin(mou, eq(mou.mouId, aktPd.mouId))
    .innerJoin(dudi, eq(dudi.dudiId, mou.dudiId))
    .where(
      and(
        eq(k.sekolahId, me.sekolahId),
        eq(k.semesterId, me.semesterId),
        sql`${rombonganBelajar.deletedAt} is null`,
        sql`(${k.guruId} = ${me.guruId} or (${supervisesSql(me.guruId, sql`${k.aktPdId}`)} and ${teachesPklSql(
          me.guruId,
          sql`${k.rombonganBelajarId}`,
        )}))`,
      ),
    )
    .orderBy(asc(rombonganBelajar.nama), asc(dudi.nama), asc(k.tanggalMulai));
  return { data };
}

async function participantsOf(db: Db, pklId: string) {
  return db
    .select({
      peserta_didik_id: pesertaDidik.pesertaDidikId,
      nama: pesertaDidik.nama,
      nisn: pesertaDidik.nisn,
      catatan: pdPkl.catatan,
    })
    .from(pdPkl)
    .innerJoin(pesertaDidik, eq(pesertaDidik.pesertaDidikId, pdPkl.pesertaDidikId))
    .where(eq(pdPkl.pklId, pklId))
    .orderBy(asc(pesertaDidik.nama), asc(pesertaDidik.pesertaDidikId));
}

async function tpsOf(db: Db, pklId: string) {
  return db
    .select({ tp_id: tujuanPembelajaran.tpId, deskripsi: tujuanPembelajaran.deskripsi })
    .from(tpPkl)
    .innerJoin(tujuanPembelajaran, eq(tujuanPembelajaran.tpId, tpPkl.tpId))
    .where(eq(tpPkl.pklId, pklId))
    .orderBy(asc(tujuanPembelajaran.createdAt), asc(tujuanPembelajaran.tpId));
}

/** Stored cells of a plan keyed `peserta_didik_id#tp_id` (scores) and `…#catatan` (notes). */
async function storedCells(db: Db, pklId: string): Promise<Map<string, NilaiPklCell>> {
  const [scores, notes] = await Promise.all([
    db
      .select({
        pd: nilaiPkl.pesertaDidikId,
        tp: nilaiPkl.tpId,
        nilai: nilaiPkl.nilai,
        deskripsi: nilaiPkl.deskripsi,
      })
      .from(nilaiPkl)
      .where(eq(nilaiPkl.pklId, pklId)),
    db.select({ pd: pdPkl.pesertaDidikId, catatan: pdPkl.catatan }).from(pdPkl).where(eq(pdPkl.pklId, pklId)),
  ]);
  const map = new Map<string, NilaiPklCell>();
  for (const s of scores) map.set(cellId(s.pd, s.tp), { nilai: s.nilai, deskripsi: s.deskripsi });
  for (const n of notes)
    if (n.catatan !== null) map.set(cellId(n.pd, CATATAN_KEY), { nilai: null, deskripsi: n.catatan });
  return map;
}

export async function getNilaiPkl(db: Db, actor: Actor, pklId: string): Promise<NilaiPklGrid> {
  const plan = await readablePlan(db, actor, pklId);
  const [[head], tp, siswa, stored] = await Promise.all([
    db
      .select({ rombel: rombonganBelajar.nama, kunci: rombonganBelajar.kunciNilai, dudi: dudi.nama })
      .from(praktikKerjaLapangan)
      .innerJoin(
        rombonganBelajar,
        eq(rombonganBelajar.rombonganBelajarId, praktikKerjaLapangan.rombonganBelajarId),
      )
      .innerJoin(aktPd, eq(aktPd.aktPdId, praktikKerjaLapangan.aktPdId))
      .innerJoin(mou, eq(mou.mouId, aktPd.mouId))
      .innerJoin(dudi, eq(dudi.dudiId, mou.dudiId))
      .where(eq(praktikKerjaLapangan.pklId, pklId)),
    tpsOf(db, pklId),
    participantsOf(db, pklId),
    storedCells(db, pklId),
  ]);
  const gate = await gateState(db, actor, head?.kunci ?? false);
  return {
    pkl_id: pklId,
    rombel: head?.rombel ?? '',
    nama_dudi: head?.dudi ?? '',
    gate,
    can_edit: (plan.owner || plan.co) && gate.open,
    tp,
    siswa: siswa.map((s) => {
      const nilai: NilaiPklGrid['siswa'][number]['nilai'] = {};
      for (const t of tp) {
        const c = stored.get(cellId(s.peserta_didik_id, t.tp_id));
        if (c && c.nilai !== null) nilai[t.tp_id] = { nilai: c.nilai, deskripsi: c.deskripsi };
      }
      return { ...s, nilai };
    }),
  };
}

const sameCell = (a: NilaiPklCell | undefined, b: NilaiPklCell) =>
  (a?.nilai ?? null) === b.nilai && (a?.deskripsi ?? null) === b.deskripsi;
const showCell = (v: NilaiPklCell | undefined) => v?.nilai ?? v?.deskripsi ?? null;
const loaded = (s: NilaiPklSave['rows'][number]['sebelumnya']): NilaiPklCell => ({
  nilai: s?.nilai ?? null,
  deskripsi: s?.deskripsi?.trim() ? s.deskripsi.trim() : null,
});

export async function saveNilaiPkl(
  db: Db,
  actor: Actor,
  pklId: string,
  input: NilaiPklSave,
): Promise<NilaiPklSaved> {
  const plan = await scorablePlan(db, actor, pklId);
  return db.transaction(async (tx) => {
    // The plan's TPs and participants cannot change under the save (a plan edit locks the row).
    await tx.execute(sql`select 1 from praktik_kerja_lapangan where pkl_id = ${pklId} for share`);
    const [pupils, tps] = await Promise.all([participantsOf(tx, pklId), tpsOf(tx, pklId)]);
    const names = new Map(pupils.map((p) => [p.peserta_didik_id, p.nama]));
    const tpIds = new Set(tps.map((t) => t.tp_id));
    const { details, values } = checkNilaiPklRows(input.rows);
    input.rows.forEach((row, i) => {
      if (!names.has(row.peserta_didik_id))
        details[`rows.${i}.peserta_didik_id`] = PKL_NILAI_MESSAGES.pdNotInPlan;
      if (row.tp_id !== null && !tpIds.has(row.tp_id))
        details[`rows.${i}.tp_id`] = PKL_NILAI_MESSAGES.tpNotInPlan;
    });
    if (Object.keys(details).length > 0) throw validationError(details);

    const cells: Cell<NilaiPklCell>[] = input.rows.map((row, i) => ({
      index: i,
      anggotaRombelId: row.peserta_didik_id,
      key: row.tp_id ?? CATATAN_KEY,
      value: values[i] ?? { nilai: null, deskripsi: null },
      sebelumnya: loaded(row.sebelumnya),
    }));
    requireSomeChange(cells, sameCell);

    const changing = await beginGridSave(
      tx,
      actor,
      { pembelajaranId: `pkl:${plan.rombonganBelajarId}`, rombonganBelajarId: plan.rombonganBelajarId },
      cells,
      () => storedCells(tx, pklId),
      names,
      sameCell,
      showCell,
      {
        field: (c) => (c.key === CATATAN_KEY ? 'catatan' : 'nilai'),
        audit: {
          jenis: (key) => (key === CATATAN_KEY ? 'pkl_catatan' : 'pkl'),
          rombonganBelajarId: plan.rombonganBelajarId,
          pembelajaranId: null,
          pupilKey: 'peserta_didik',
        },
      },
    );
    const notes = changing.filter((c) => c.key === CATATAN_KEY);
    const scores = changing.filter((c) => c.key !== CATATAN_KEY);
    const writes = scores.filter((c) => c.value.nilai !== null);
    const deletes = scores.filter((c) => c.value.nilai === null);
    if (writes.length > 0) {
      await tx
        .insert(nilaiPkl)
        .values(
          writes.map((c) => ({
            sekolahId: actor.sekolahId,
            pesertaDidikId: c.anggotaRombelId,
            pklId,
            tpId: c.key,
            nilai: c.value.nilai as number,
            deskripsi: c.value.deskripsi,
          })),
        )
        .onConflictDoUpdate({
          target: [nilaiPkl.pesertaDidikId, nilaiPkl.pklId, nilaiPkl.tpId],
          set: { nilai: sql`excluded.nilai`, deskripsi: sql`excluded.deskripsi`, updatedAt: sql`now()` },
        });
    }
    if (deletes.length > 0) {
      await tx.delete(nilaiPkl).where(
        and(
          eq(nilaiPkl.pklId, pklId),
          uuidPairsIn(
            sql`(${nilaiPkl.pesertaDidikId}, ${nilaiPkl.tpId})`,
            deletes.map((c) => [c.anggotaRombelId, c.key] as const),
          ),
        ),
      );
    }
    for (const note of notes) {
      await tx
        .update(pdPkl)
        .set({ catatan: note.value.deskripsi, updatedAt: sql`now()` })
        .where(and(eq(pdPkl.pklId, pklId), eq(pdPkl.pesertaDidikId, note.anggotaRombelId)));
    }
    const touched = [...new Set(scores.map((c) => c.anggotaRombelId))];
    if (touched.length > 0) await recomputeNilaiAkhirPkl(tx, actor, plan.rombonganBelajarId, touched);
    return {
      message: PKL_NILAI_MESSAGES.saved,
      saved: writes.length + notes.filter((n) => n.value.deskripsi !== null).length,
      deleted: deletes.length + notes.filter((n) => n.value.deskripsi === null).length,
    };
  });
}
