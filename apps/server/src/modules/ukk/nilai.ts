import { MESSAGES } from '@erapor/contract/errors';
import {
  checkNilaiUkkRows,
  NILAI_UKK_MESSAGES,
  type NilaiUkkGrid,
  type NilaiUkkSave,
  type PenilaianRencana,
} from '@erapor/contract/ukk/nilai';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Actor } from '../../actor';
import type { Db } from '../../db/client';
import { rombonganBelajar } from '../../db/tables/referensi';
import { nilaiUkk, refPaketUkk, rencanaUkk } from '../../db/tables/ukk';
import { forbidden } from '../../lib/errors';
import { gateState } from '../penilaian/access';
import {
  beginGridSave,
  type Cell,
  cellId,
  requireSomeChange,
  sameScore,
  showScore,
  validationError,
} from '../penilaian/grid-save';
import { pesertaOf, rencanaRow } from './rencana';
import { predikatSchemeOf } from './template';

/*
 * Proses Penilaian UKK (reference-screens §9.2; issue #13 item 7). Only the plan's internal
 * examiner (a guru holding `internal`, named on the plan) reads and writes its scores; any other
 * caller — the Kaprog too — 403. A save goes through the shared grid save (penilaian/grid-save.ts):
 * every bad cell at once (422), the school switch and the class lock (423), a cell changed since
 * it was loaded (409), nothing written on any of them; one transaction.
 */

const isExaminerRole = (actor: Actor) => actor.guruId !== null && actor.roles.includes('internal');

export async function penilaianRencana(db: Db, actor: Actor): Promise<PenilaianRencana> {
  if (!isExaminerRole(actor)) throw forbidden(MESSAGES.forbidden);
  const data = await db
    .select({
      rencana_ukk_id: rencanaUkk.rencanaUkkId,
      kelas: rombonganBelajar.nama,
      nomor_paket: refPaketUkk.nomorPaket,
      nama_paket_id: refPaketUkk.namaPaketId,
      tanggal_sertifikat: rencanaUkk.tanggalSertifikat,
    })
    .from(rencanaUkk)
    .innerJoin(rombonganBelajar, eq(rombonganBelajar.rombonganBelajarId, rencanaUkk.rombonganBelajarId))
    .innerJoin(refPaketUkk, eq(refPaketUkk.paketUkkId, rencanaUkk.paketUkkId))
    .where(
      and(
        eq(rencanaUkk.sekolahId, actor.sekolahId),
        eq(rencanaUkk.semesterId, actor.semesterId),
        eq(rencanaUkk.internal, actor.guruId ?? ''),
      ),
    )
    .orderBy(asc(rombonganBelajar.nama), asc(refPaketUkk.nomorPaket));
  return { data };
}

/** The plan, when the caller is its internal examiner (403 otherwise, 404 unknown). */
async function examinedPlan(db: Db, actor: Actor, rencanaUkkId: string) {
  if (!isExaminerRole(actor)) throw forbidden(MESSAGES.forbidden);
  const plan = await rencanaRow(db, actor, rencanaUkkId);
  if (plan.internal !== actor.guruId) throw forbidden(NILAI_UKK_MESSAGES.notExaminer);
  return plan;
}

export async function getNilaiUkk(db: Db, actor: Actor, rencanaUkkId: string): Promise<NilaiUkkGrid> {
  const plan = await examinedPlan(db, actor, rencanaUkkId);
  const [[rombel], siswa, scheme] = await Promise.all([
    db
      .select({ kunci: rombonganBelajar.kunciNilai })
      .from(rombonganBelajar)
      .where(eq(rombonganBelajar.rombonganBelajarId, plan.rombongan_belajar_id)),
    pesertaOf(db, actor, rencanaUkkId),
    predikatSchemeOf(db, actor.sekolahId),
  ]);
  const gate = await gateState(db, actor, rombel?.kunci ?? false);
  return {
    rencana_ukk_id: rencanaUkkId,
    kelas: plan.kelas,
    nama_paket_id: plan.nama_paket_id,
    pola_ukk: plan.pola_ukk,
    predikat_scheme: scheme,
    gate,
    can_edit: gate.open,
    siswa: siswa.map((s) => ({
      anggota_rombel_id: s.anggota_rombel_id,
      nama: s.nama,
      nisn: s.nisn,
      nilai: s.nilai,
    })),
  };
}

const KEY = 'nilai';

export async function saveNilaiUkk(
  db: Db,
  actor: Actor,
  rencanaUkkId: string,
  input: NilaiUkkSave,
): Promise<{ message: string; saved: number; deleted: number }> {
  const plan = await examinedPlan(db, actor, rencanaUkkId);
  return db.transaction(async (tx) => {
    // A plan edit (which may drop pupils) waits for this save and the other way round.
    await tx.execute(sql`select 1 from rencana_ukk where rencana_ukk_id = ${rencanaUkkId} for share`);
    const pupils = await pesertaOf(tx, actor, rencanaUkkId);
    const names = new Map(pupils.map((p) => [p.anggota_rombel_id, p.nama]));
    const { details, values } = checkNilaiUkkRows(input.rows);
    input.rows.forEach((row, i) => {
      if (!names.has(row.anggota_rombel_id))
        details[`rows.${i}.anggota_rombel_id`] = NILAI_UKK_MESSAGES.pdNotInPlan;
    });
    if (Object.keys(details).length > 0) throw validationError(details);
    const cells: Cell<number | null>[] = input.rows.map((row, i) => ({
      index: i,
      anggotaRombelId: row.anggota_rombel_id,
      key: KEY,
      value: values[i] ?? null,
      sebelumnya: row.sebelumnya,
    }));
    requireSomeChange(cells, (a, b) => a === b);
    const changing = await beginGridSave(
      tx,
      actor,
      { pembelajaranId: `ukk:${rencanaUkkId}`, rombonganBelajarId: plan.rombongan_belajar_id },
      cells,
      // Read again after the lock: a save that queued before this one is seen.
      async () =>
        new Map(
          (await pesertaOf(tx, actor, rencanaUkkId)).map((p) => [cellId(p.anggota_rombel_id, KEY), p.nilai]),
        ),
      names,
      sameScore,
      showScore,
      {
        conflict: NILAI_UKK_MESSAGES.conflict,
        audit: { jenis: 'ukk', rombonganBelajarId: plan.rombongan_belajar_id, pembelajaranId: null },
      },
    );
    for (const c of changing) {
      await tx
        .update(nilaiUkk)
        .set({ nilai: c.value, updatedAt: sql`now()` })
        .where(and(eq(nilaiUkk.rencanaUkkId, rencanaUkkId), eq(nilaiUkk.anggotaRombelId, c.anggotaRombelId)));
    }
    return {
      message: NILAI_UKK_MESSAGES.saved,
      saved: changing.filter((c) => c.value !== null).length,
      deleted: changing.filter((c) => c.value === null).length,
    };
  });
}
