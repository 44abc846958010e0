import type { ListQuery } from '@erapor/contract/list';
import {
  PROJEK_MESSAGES,
  type ProjekPilihan,
  type ProjekPilihanQuery,
  type RencanaProjekCreate,
  type RencanaProjekDetail,
  type RencanaProjekList,
  type RencanaProjekUpdate,
} from '@erapor/contract/projek/perencanaan';
import { MAPEL_P5_INDUK, p5Writable } from '@erapor/contract/projek/rules';
import { and, asc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Actor } from '../../actor';
import type { Db } from '../../db/client';
import { isUniqueViolation, pgConstraint } from '../../db/errors';
import { aspekBudayaKerja, nilaiBudayaKerja, rencanaBudayaKerja } from '../../db/tables/projek';
import { pembelajaran, rombonganBelajar } from '../../db/tables/referensi';
import { AppError, forbidden, notFound } from '../../lib/errors';
import { paginate } from '../../lib/list';
import { requireScoreLossConfirmed } from '../../lib/score-loss';
import { assertPenilaianOpen } from '../penilaian/gate';
import { withScoreLossRecorded } from '../riwayat-nilai/cells';
import { coordinatedRombel, type P5Actor, requireKoordP5, requireP5Writer, teachesP5Sql } from './access';
import { subElemenRows } from './sub-elemen';

/*
 * Rencana Penilaian P5 (issue #13 item 1; contract projek/perencanaan.ts). A project belongs to one
 * class and one of its themes; its sub-elements become aspek_budaya_kerja rows (one per
 * sub-element, with the dimension it sits under). Removing stored scores — a sub-element no longer
 * chosen, the whole project — needs the caller to confirm the exact number (409 with
 * details.jumlah_nilai otherwise, nothing written). Class and theme do not change on edit.
 */

const R = rencanaBudayaKerja;
// Correlated subqueries name the outer table in full (drizzle leaves a column unqualified in a one-table select).
const tema = sql<string>`(select p.nama_mata_pelajaran from pembelajaran p where p.pembelajaran_id = rencana_budaya_kerja.pembelajaran_id)`;
const jmlSubElemen = sql<number>`(select count(*)::int from aspek_budaya_kerja a where a.rencana_budaya_kerja_id = rencana_budaya_kerja.rencana_budaya_kerja_id)`;

const rowSelect = {
  rencana_budaya_kerja_id: R.rencanaBudayaKerjaId,
  rombongan_belajar_id: R.rombonganBelajarId,
  kelas: rombonganBelajar.nama,
  tingkat: rombonganBelajar.tingkat,
  pembelajaran_id: R.pembelajaranId,
  tema,
  nama: R.nama,
  deskripsi: R.deskripsi,
  no_urut: R.noUrut,
  jml_sub_elemen: jmlSubElemen,
};

const scope = (me: P5Actor): SQL | undefined =>
  and(
    eq(R.sekolahId, me.sekolahId),
    eq(rombonganBelajar.semesterId, me.semesterId),
    isNull(rombonganBelajar.deletedAt),
    teachesP5Sql(me.guruId, sql`${R.rombonganBelajarId}`),
  );

/** The projects of the classes whose P5 the caller coordinates. */
export async function listRencana(db: Db, actor: Actor, query: ListQuery): Promise<RencanaProjekList> {
  const me = requireKoordP5(actor);
  const page = await paginate(
    db,
    {
      query: db
        .select(rowSelect)
        .from(R)
        .innerJoin(rombonganBelajar, eq(rombonganBelajar.rombonganBelajarId, R.rombonganBelajarId))
        .$dynamic(),
      where: scope(me),
      search: [rombonganBelajar.nama, R.nama, R.deskripsi, tema],
      sort: {
        kelas: rombonganBelajar.nama,
        tema,
        nama: R.nama,
        no_urut: R.noUrut,
        jml_sub_elemen: jmlSubElemen,
      },
      defaultSort: 'kelas',
      key: [R.noUrut, R.rencanaBudayaKerjaId],
    },
    query,
  );
  return { ...page, writable: p5Writable(me.semesterId) };
}

/** The project of the caller's class, or 404 (not of their school and semester) / 403 (not theirs). */
export async function loadRencana(db: Db, me: P5Actor, id: string) {
  const [row] = await db
    .select({
      id: R.rencanaBudayaKerjaId,
      rombonganBelajarId: R.rombonganBelajarId,
      updatedAt: R.updatedAt,
      mine: sql<boolean>`${teachesP5Sql(me.guruId, sql`${R.rombonganBelajarId}`)}`,
    })
    .from(R)
    .innerJoin(rombonganBelajar, eq(rombonganBelajar.rombonganBelajarId, R.rombonganBelajarId))
    .where(
      and(
        eq(R.rencanaBudayaKerjaId, id),
        eq(R.sekolahId, me.sekolahId),
        eq(rombonganBelajar.semesterId, me.semesterId),
        isNull(rombonganBelajar.deletedAt),
      ),
    );
  if (!row) throw notFound(PROJEK_MESSAGES.notFound);
  if (!row.mine) throw forbidden(PROJEK_MESSAGES.notCoordinator);
  return row;
}

export async function getRencana(db: Db, actor: Actor, id: string): Promise<RencanaProjekDetail> {
  const me = requireKoordP5(actor);
  await loadRencana(db, me, id);
  return detailOf(db, id);
}

async function detailOf(db: Db, id: string): Promise<RencanaProjekDetail> {
  const [[row], aspek, all] = await Promise.all([
    db
      .select({ ...rowSelect, updatedAt: R.updatedAt })
      .from(R)
      .innerJoin(rombonganBelajar, eq(rombonganBelajar.rombonganBelajarId, R.rombonganBelajarId))
      .where(eq(R.rencanaBudayaKerjaId, id)),
    db
      .select({
        elemenId: aspekBudayaKerja.elemenId,
        jml: sql<number>`(select count(*)::int from nilai_budaya_kerja n where n.aspek_budaya_kerja_id = aspek_budaya_kerja.aspek_budaya_kerja_id)`,
      })
      .from(aspekBudayaKerja)
      .where(eq(aspekBudayaKerja.rencanaBudayaKerjaId, id)),
    subElemenRows(db),
  ]);
  if (!row) throw notFound(PROJEK_MESSAGES.notFound);
  const counts = new Map(aspek.map((a) => [a.elemenId, a.jml]));
  const sub_elemen = all
    .filter((s) => counts.has(s.sub_elemen))
    .map((s) => ({ ...s, jml_nilai: counts.get(s.sub_elemen) ?? 0 }));
  const { updatedAt, ...rest } = row;
  return {
    ...rest,
    updated_at: updatedAt.toISOString(),
    jml_nilai: sub_elemen.reduce((n, s) => n + s.jml_nilai, 0),
    sub_elemen,
  };
}

/** The themes of a class: the child pembelajaran of its P5 pembelajaran. */
async function themesOf(db: Db, rombelId: string) {
  const parent = pembelajaran;
  return db
    .select({ value: sql<string>`c.pembelajaran_id`, label: sql<string>`c.nama_mata_pelajaran` })
    .from(parent)
    .innerJoin(
      sql`pembelajaran c`,
      sql`c.induk_pembelajaran_id = ${parent.pembelajaranId} and c.deleted_at is null`,
    )
    .where(
      and(
        eq(parent.rombonganBelajarId, rombelId),
        eq(parent.mataPelajaranId, MAPEL_P5_INDUK),
        isNull(parent.deletedAt),
      ),
    )
    .orderBy(sql`c.mata_pelajaran_id`, sql`c.pembelajaran_id`);
}

export async function pilihan(db: Db, actor: Actor, query: ProjekPilihanQuery): Promise<ProjekPilihan> {
  const me = requireKoordP5(actor);
  const out: ProjekPilihan = { rombel: [], tema: [] };
  if (query.tingkat !== undefined) {
    out.rombel = await db
      .select({ value: rombonganBelajar.rombonganBelajarId, label: rombonganBelajar.nama })
      .from(rombonganBelajar)
      .where(
        and(
          eq(rombonganBelajar.sekolahId, me.sekolahId),
          eq(rombonganBelajar.semesterId, me.semesterId),
          eq(rombonganBelajar.tingkat, query.tingkat),
          isNull(rombonganBelajar.deletedAt),
          teachesP5Sql(me.guruId, sql`${rombonganBelajar.rombonganBelajarId}`),
        ),
      )
      .orderBy(asc(rombonganBelajar.nama));
  }
  if (query.rombongan_belajar_id) {
    await coordinatedRombel(db, me, query.rombongan_belajar_id);
    out.tema = await themesOf(db, query.rombongan_belajar_id);
  }
  return out;
}

export async function subElemen(db: Db, actor: Actor) {
  requireKoordP5(actor);
  return { data: await subElemenRows(db) };
}

// --- writes ---------------------------------------------------------------------------------

function fail(details: Record<string, string>): void {
  const first = Object.values(details)[0];
  if (first) throw new AppError(422, 'VALIDATION_ERROR', first, details);
}

/** The chosen sub-elements checked against the reference: each known and of the element named. */
async function checkSubElemen(
  db: Db,
  body: Pick<RencanaProjekCreate, 'sub_elemen'>,
  details: Record<string, string>,
) {
  const all = new Map((await subElemenRows(db)).map((s) => [s.sub_elemen, s]));
  body.sub_elemen.forEach((choice, i) => {
    const s = all.get(choice.sub_elemen);
    if (!s) details[`sub_elemen.${i}`] = PROJEK_MESSAGES.subElemenUnknown;
    else if (s.elemen !== choice.elemen) details[`sub_elemen.${i}`] = PROJEK_MESSAGES.subElemenOtherElemen;
  });
  return body.sub_elemen.map((c) => ({
    elemenId: c.sub_elemen,
    budayaKerjaId: all.get(c.sub_elemen)?.dimensi_no ?? 0,
  }));
}

const noUrutTaken = (n: number) =>
  new AppError(422, 'VALIDATION_ERROR', PROJEK_MESSAGES.noUrutTaken(n), {
    no_urut: PROJEK_MESSAGES.noUrutTaken(n),
  });

async function assertNoUrutFree(db: Db, rombelId: string, noUrut: number, exceptId?: string) {
  const [dup] = await db
    .select({ id: R.rencanaBudayaKerjaId })
    .from(R)
    .where(
      and(
        eq(R.rombonganBelajarId, rombelId),
        eq(R.noUrut, noUrut),
        exceptId ? sql`${R.rencanaBudayaKerjaId} <> ${exceptId}` : undefined,
      ),
    );
  if (dup) throw noUrutTaken(noUrut);
}

/** A unique violation of the class's no_urut (two saves at once) reads as the field message. */
function rethrow(err: unknown, noUrut: number): never {
  if (isUniqueViolation(err) && pgConstraint(err) === 'rencana_budaya_kerja_rombel_no_urut')
    throw noUrutTaken(noUrut);
  throw err;
}

export async function createRencana(db: Db, actor: Actor, body: RencanaProjekCreate) {
  const me = requireP5Writer(actor);
  const rombel = await coordinatedRombel(db, me, body.rombongan_belajar_id, 'rombongan_belajar_id');
  const details: Record<string, string> = {};
  const themes = await themesOf(db, rombel.rombonganBelajarId);
  if (!themes.some((t) => t.value === body.pembelajaran_id))
    details.pembelajaran_id = PROJEK_MESSAGES.temaNotOfRombel;
  const aspek = await checkSubElemen(db, body, details);
  fail(details);
  await assertNoUrutFree(db, rombel.rombonganBelajarId, body.no_urut);
  await assertPenilaianOpen(db, me, rombel.rombonganBelajarId);
  let id: string;
  try {
    id = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(R)
        .values({
          sekolahId: me.sekolahId,
          rombonganBelajarId: rombel.rombonganBelajarId,
          pembelajaranId: body.pembelajaran_id,
          nama: body.nama,
          deskripsi: body.deskripsi,
          noUrut: body.no_urut,
        })
        .returning({ id: R.rencanaBudayaKerjaId });
      if (!row) throw new Error('rencana not written');
      await tx
        .insert(aspekBudayaKerja)
        .values(aspek.map((a) => ({ ...a, sekolahId: me.sekolahId, rencanaBudayaKerjaId: row.id })));
      return row.id;
    });
  } catch (err) {
    rethrow(err, body.no_urut);
  }
  return { message: PROJEK_MESSAGES.saved, data: await detailOf(db, id) };
}

/** 409 unless the caller confirmed exactly `n` scores going (lib/score-loss.ts). */
const requireConfirmed = (n: number, confirmed: number | undefined, message: string) =>
  requireScoreLossConfirmed(n, confirmed, 'P5_KONFIRMASI_HAPUS_NILAI', message);

/** Locks the project row for the rest of the transaction and answers its current updated_at. */
async function lockRencana(tx: Db, id: string): Promise<Date> {
  const [row] = await tx
    .select({ updatedAt: R.updatedAt })
    .from(R)
    .where(eq(R.rencanaBudayaKerjaId, id))
    .for('update');
  if (!row) throw notFound(PROJEK_MESSAGES.notFound);
  return row.updatedAt;
}

export async function updateRencana(db: Db, actor: Actor, id: string, body: RencanaProjekUpdate) {
  const me = requireP5Writer(actor);
  const plan = await loadRencana(db, me, id);
  const details: Record<string, string> = {};
  const aspek = await checkSubElemen(db, body, details);
  fail(details);
  await assertNoUrutFree(db, plan.rombonganBelajarId, body.no_urut, id);
  await assertPenilaianOpen(db, me, plan.rombonganBelajarId);
  try {
    await db.transaction(async (tx) => {
      const stored = await lockRencana(tx, id);
      if (body.updated_at !== undefined && new Date(body.updated_at).getTime() !== stored.getTime()) {
        throw new AppError(409, 'CONFLICT', PROJEK_MESSAGES.stale);
      }
      const old = await tx
        .select({ id: aspekBudayaKerja.aspekBudayaKerjaId, elemenId: aspekBudayaKerja.elemenId })
        .from(aspekBudayaKerja)
        .where(eq(aspekBudayaKerja.rencanaBudayaKerjaId, id));
      const chosen = new Set(aspek.map((a) => a.elemenId));
      const dropped = old.filter((a) => !chosen.has(a.elemenId));
      if (dropped.length > 0) {
        const droppedIds = dropped.map((a) => a.id);
        const scored = await tx
          .select({ aspek: nilaiBudayaKerja.aspekBudayaKerjaId })
          .from(nilaiBudayaKerja)
          .where(inArray(nilaiBudayaKerja.aspekBudayaKerjaId, droppedIds));
        requireConfirmed(
          scored.length,
          body.konfirmasi_hapus_nilai,
          PROJEK_MESSAGES.dropScores(scored.length, new Set(scored.map((s) => s.aspek)).size),
        );
        // Their scores follow (ON DELETE CASCADE), recorded as removed.
        const drop = () =>
          tx.delete(aspekBudayaKerja).where(inArray(aspekBudayaKerja.aspekBudayaKerjaId, droppedIds));
        await (scored.length > 0 ? withScoreLossRecorded(tx, me, ['p5'], drop) : drop());
      }
      const had = new Set(old.map((a) => a.elemenId));
      const added = aspek.filter((a) => !had.has(a.elemenId));
      if (added.length > 0)
        await tx
          .insert(aspekBudayaKerja)
          .values(added.map((a) => ({ ...a, sekolahId: me.sekolahId, rencanaBudayaKerjaId: id })));
      await tx
        .update(R)
        .set({ nama: body.nama, deskripsi: body.deskripsi, noUrut: body.no_urut, updatedAt: new Date() })
        .where(eq(R.rencanaBudayaKerjaId, id));
    });
  } catch (err) {
    rethrow(err, body.no_urut);
  }
  return { message: PROJEK_MESSAGES.updated, data: await detailOf(db, id) };
}

export async function deleteRencana(db: Db, actor: Actor, id: string, confirmed: number | undefined) {
  const me = requireP5Writer(actor);
  const plan = await loadRencana(db, me, id);
  await assertPenilaianOpen(db, me, plan.rombonganBelajarId);
  await db.transaction(async (tx) => {
    await lockRencana(tx, id);
    const [count] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(nilaiBudayaKerja)
      .innerJoin(
        aspekBudayaKerja,
        eq(aspekBudayaKerja.aspekBudayaKerjaId, nilaiBudayaKerja.aspekBudayaKerjaId),
      )
      .where(eq(aspekBudayaKerja.rencanaBudayaKerjaId, id));
    requireConfirmed(count?.n ?? 0, confirmed, PROJEK_MESSAGES.deleteScores(count?.n ?? 0));
    // aspek, scores and Catatan proses follow (ON DELETE CASCADE), recorded as removed.
    await withScoreLossRecorded(tx, me, ['p5', 'p5_catatan'], () =>
      tx.delete(R).where(eq(R.rencanaBudayaKerjaId, id)),
    );
  });
  return { message: PROJEK_MESSAGES.deleted };
}
