import type { ListQuery, ListResponse } from '@erapor/contract/list';
import {
  kodeUnitKey,
  PAKET_MESSAGES,
  PAKET_SORT,
  type PaketCreate,
  type PaketDetail,
  type PaketPilihan,
  type PaketRow,
  type PaketUpdate,
  type UnitInput,
} from '@erapor/contract/ukk/paket';
import { and, asc, desc, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Actor } from '../../actor';
import type { Db } from '../../db/client';
import { rombonganBelajar } from '../../db/tables/referensi';
import { refJurusan, refKurikulum } from '../../db/tables/referensi-ref';
import { refPaketUkk, rencanaUkk, unitUkk } from '../../db/tables/ukk';
import { AppError, fieldError, forbidden, notFound } from '../../lib/errors';
import { likePattern } from '../referensi/rombel/access';
import { sortKeyOf } from '../referensi/rombel/service';
import { requireKaprog } from './access';

/*
 * Paket UKK (reference-screens §6.11; issue #13 item 5). Rules:
 * - a Kaprog sees the school's packages and the national ones (sekolah_id null); a national
 *   package is read-only (403 on every write);
 * - a package is created for a programme that has tingkat 12/13 classes this semester, in a
 *   curriculum one of those classes uses;
 * - nomor paket is unique per programme and curriculum among the school's and the national
 *   packages (compared trimmed, case-insensitive); kode unit unique per package;
 * - a package used by a plan (any semester) is not deleted: 409 naming how many plans use it.
 * Every failure leaves the database as it was (one transaction per write).
 */

const jmlUnit = sql<number>`(select count(*) from unit_ukk u where u.paket_ukk_id = ${refPaketUkk.paketUkkId})`;
const jmlRencana = sql<number>`(select count(*) from rencana_ukk r where r.paket_ukk_id = ${refPaketUkk.paketUkkId})`;
const namaJurusan = sql<string>`coalesce(${refJurusan.namaJurusan}, ${refPaketUkk.jurusanId})`;
const namaKurikulum = sql<string>`coalesce(${refKurikulum.namaKurikulum}, ${refPaketUkk.kurikulumId}::text)`;

const SORTS: Record<(typeof PAKET_SORT)[number], SQL> = {
  nama_jurusan: namaJurusan,
  nomor_paket: sql`${refPaketUkk.nomorPaket}`,
  nama_paket_id: sql`${refPaketUkk.namaPaketId}`,
  jml_unit: jmlUnit,
  status: sql`${refPaketUkk.status}`,
};

/** The school's packages and the national ones. */
const visible = (actor: Actor) =>
  or(eq(refPaketUkk.sekolahId, actor.sekolahId), isNull(refPaketUkk.sekolahId));

const rowFields = {
  paket_ukk_id: refPaketUkk.paketUkkId,
  jurusan_id: refPaketUkk.jurusanId,
  nama_jurusan: namaJurusan,
  kurikulum_id: refPaketUkk.kurikulumId,
  nama_kurikulum: namaKurikulum,
  nomor_paket: refPaketUkk.nomorPaket,
  nama_paket_id: refPaketUkk.namaPaketId,
  nama_paket_en: refPaketUkk.namaPaketEn,
  status: refPaketUkk.status,
  jml_unit: jmlUnit.mapWith(Number),
  jml_rencana: jmlRencana.mapWith(Number),
  nasional: sql<boolean>`${refPaketUkk.sekolahId} is null`.mapWith(Boolean),
};

export async function listPaket(db: Db, actor: Actor, query: ListQuery): Promise<ListResponse<PaketRow>> {
  requireKaprog(actor);
  const where: (SQL | undefined)[] = [visible(actor)];
  if (query.q) {
    const p = likePattern(query.q);
    where.push(
      sql`(${namaJurusan} ilike ${p} or ${refPaketUkk.nomorPaket} ilike ${p} or ${refPaketUkk.namaPaketId} ilike ${p} or ${refPaketUkk.namaPaketEn} ilike ${p})`,
    );
  }
  const key = sortKeyOf(PAKET_SORT, query.sort_by, 'nama_jurusan');
  const dir = query.sort_dir === 'desc' ? desc : asc;
  const rows = await db
    .select({ ...rowFields, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(refPaketUkk)
    .leftJoin(refJurusan, eq(refJurusan.jurusanId, refPaketUkk.jurusanId))
    .leftJoin(refKurikulum, eq(refKurikulum.kurikulumId, refPaketUkk.kurikulumId))
    .where(and(...where))
    .orderBy(dir(SORTS[key]), asc(refPaketUkk.nomorPaket), asc(refPaketUkk.paketUkkId))
    .limit(query.per_page)
    .offset((query.page - 1) * query.per_page);
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && query.page > 1) total = (await listPaket(db, actor, { ...query, page: 1 })).total;
  return { data: rows.map(({ total: _t, ...r }) => r), total, page: query.page, per_page: query.per_page };
}

/** Programmes with tingkat 12/13 classes this semester, each with the curricula those classes use. */
export async function pilihanPaket(db: Db, actor: Actor): Promise<PaketPilihan> {
  requireKaprog(actor);
  const rows = await offeredProgrammes(db, actor);
  const jurusan = new Map<string, PaketPilihan['jurusan'][number]>();
  for (const r of rows) {
    const j = jurusan.get(r.jurusanId) ?? { value: r.jurusanId, label: r.namaJurusan, kurikulum: [] };
    j.kurikulum.push({ value: String(r.kurikulumId), label: r.namaKurikulum });
    jurusan.set(r.jurusanId, j);
  }
  return { jurusan: [...jurusan.values()] };
}

export function offeredProgrammes(db: Db, actor: Actor) {
  return db
    .selectDistinct({
      jurusanId: sql<string>`${rombonganBelajar.jurusanId}`,
      namaJurusan: sql<string>`coalesce(${refJurusan.namaJurusan}, ${rombonganBelajar.jurusanId})`,
      kurikulumId: sql<number>`${rombonganBelajar.kurikulumId}`.mapWith(Number),
      namaKurikulum: sql<string>`coalesce(${refKurikulum.namaKurikulum}, ${rombonganBelajar.kurikulumId}::text)`,
    })
    .from(rombonganBelajar)
    .leftJoin(refJurusan, eq(refJurusan.jurusanId, rombonganBelajar.jurusanId))
    .leftJoin(refKurikulum, eq(refKurikulum.kurikulumId, rombonganBelajar.kurikulumId))
    .where(
      and(
        eq(rombonganBelajar.sekolahId, actor.sekolahId),
        eq(rombonganBelajar.semesterId, actor.semesterId),
        inArray(rombonganBelajar.tingkat, [12, 13]),
        isNull(rombonganBelajar.deletedAt),
        sql`${rombonganBelajar.jurusanId} is not null and ${rombonganBelajar.kurikulumId} is not null`,
      ),
    )
    .orderBy(sql`2`, sql`4`);
}

export async function getPaket(db: Db, actor: Actor, paketUkkId: string): Promise<PaketDetail> {
  requireKaprog(actor);
  const [row] = await db
    .select({ ...rowFields, kode_kompetensi: refPaketUkk.kodeKompetensi })
    .from(refPaketUkk)
    .leftJoin(refJurusan, eq(refJurusan.jurusanId, refPaketUkk.jurusanId))
    .leftJoin(refKurikulum, eq(refKurikulum.kurikulumId, refPaketUkk.kurikulumId))
    .where(and(eq(refPaketUkk.paketUkkId, paketUkkId), visible(actor)));
  if (!row) throw notFound(PAKET_MESSAGES.notFound);
  const units = await db
    .select({
      unit_ukk_id: unitUkk.unitUkkId,
      kode_unit: unitUkk.kodeUnit,
      nama_unit_id: unitUkk.namaUnitId,
      nama_unit_en: unitUkk.namaUnitEn,
    })
    .from(unitUkk)
    .where(eq(unitUkk.paketUkkId, paketUkkId))
    .orderBy(asc(unitUkk.kodeUnit));
  return { ...row, units };
}

const nomorKey = (n: string) => n.trim().toUpperCase();

export async function createPaket(db: Db, actor: Actor, body: PaketCreate): Promise<{ message: string }> {
  requireKaprog(actor);
  const offered = await offeredProgrammes(db, actor);
  if (!offered.some((o) => o.jurusanId === body.jurusan_id))
    throw fieldError('jurusan_id', PAKET_MESSAGES.jurusanNotOffered);
  if (!offered.some((o) => o.jurusanId === body.jurusan_id && o.kurikulumId === body.kurikulum_id))
    throw fieldError('kurikulum_id', PAKET_MESSAGES.kurikulumNotOffered);
  await db.transaction(async (tx) => {
    const taken = await takenNomor(tx, actor, body.jurusan_id, body.kurikulum_id);
    body.paket.forEach((p, i) => {
      if (taken.has(nomorKey(p.nomor_paket)))
        throw fieldError(`paket.${i}.nomor_paket`, PAKET_MESSAGES.nomorTaken(p.nomor_paket));
    });
    await tx.insert(refPaketUkk).values(
      body.paket.map((p) => ({
        sekolahId: actor.sekolahId,
        jurusanId: body.jurusan_id,
        kurikulumId: body.kurikulum_id,
        nomorPaket: p.nomor_paket,
        namaPaketId: p.nama_paket_id,
        namaPaketEn: p.nama_paket_en,
        status: p.status,
      })),
    );
  });
  return { message: PAKET_MESSAGES.saved };
}

/** Nomor paket already used for the programme and curriculum (school's and national), except `exceptId`. */
async function takenNomor(db: Db, actor: Actor, jurusanId: string, kurikulumId: number, exceptId?: string) {
  const rows = await db
    .select({ nomor: refPaketUkk.nomorPaket })
    .from(refPaketUkk)
    .where(
      and(
        visible(actor),
        eq(refPaketUkk.jurusanId, jurusanId),
        eq(refPaketUkk.kurikulumId, kurikulumId),
        exceptId ? sql`${refPaketUkk.paketUkkId} <> ${exceptId}` : undefined,
      ),
    );
  return new Set(rows.map((r) => nomorKey(r.nomor)));
}

/** The school's own package, locked for the transaction: 404 unknown, 403 national. */
async function ownPaket(db: Db, actor: Actor, paketUkkId: string) {
  const [row] = await db
    .select({
      sekolahId: refPaketUkk.sekolahId,
      jurusanId: refPaketUkk.jurusanId,
      kurikulumId: refPaketUkk.kurikulumId,
    })
    .from(refPaketUkk)
    .where(and(eq(refPaketUkk.paketUkkId, paketUkkId), visible(actor)))
    .for('update');
  if (!row) throw notFound(PAKET_MESSAGES.notFound);
  if (row.sekolahId === null) throw forbidden(PAKET_MESSAGES.nasional);
  return row;
}

export async function updatePaket(
  db: Db,
  actor: Actor,
  paketUkkId: string,
  body: PaketUpdate,
): Promise<{ message: string }> {
  requireKaprog(actor);
  await db.transaction(async (tx) => {
    const paket = await ownPaket(tx, actor, paketUkkId);
    const taken = await takenNomor(tx, actor, paket.jurusanId, paket.kurikulumId, paketUkkId);
    if (taken.has(nomorKey(body.nomor_paket)))
      throw fieldError('nomor_paket', PAKET_MESSAGES.nomorTaken(body.nomor_paket));
    const existing = await tx
      .select({ id: unitUkk.unitUkkId })
      .from(unitUkk)
      .where(eq(unitUkk.paketUkkId, paketUkkId));
    const existingIds = new Set(existing.map((u) => u.id));
    body.units.forEach((u, i) => {
      if (u.unit_ukk_id && !existingIds.has(u.unit_ukk_id))
        throw fieldError(`units.${i}.unit_ukk_id`, PAKET_MESSAGES.unitNotFound);
    });
    await tx
      .update(refPaketUkk)
      .set({
        nomorPaket: body.nomor_paket,
        namaPaketId: body.nama_paket_id,
        namaPaketEn: body.nama_paket_en,
        status: body.status,
        updatedAt: new Date(),
      })
      .where(eq(refPaketUkk.paketUkkId, paketUkkId));
    const kept = new Set(body.units.flatMap((u) => (u.unit_ukk_id ? [u.unit_ukk_id] : [])));
    const gone = [...existingIds].filter((id) => !kept.has(id));
    if (gone.length) await tx.delete(unitUkk).where(inArray(unitUkk.unitUkkId, gone));
    // Kode unit may move between kept rows: clear them first, then write every row as sent.
    if (kept.size) await tx.delete(unitUkk).where(inArray(unitUkk.unitUkkId, [...kept]));
    if (body.units.length)
      await tx.insert(unitUkk).values(body.units.map((u) => unitValues(actor, paketUkkId, u)));
  });
  return { message: PAKET_MESSAGES.updated };
}

const unitValues = (actor: Actor, paketUkkId: string, u: UnitInput) => ({
  ...(u.unit_ukk_id ? { unitUkkId: u.unit_ukk_id } : {}),
  sekolahId: actor.sekolahId,
  paketUkkId,
  kodeUnit: u.kode_unit,
  namaUnitId: u.nama_unit_id,
  namaUnitEn: u.nama_unit_en,
});

export async function addUnits(
  db: Db,
  actor: Actor,
  paketUkkId: string,
  units: UnitInput[],
): Promise<{ message: string }> {
  requireKaprog(actor);
  await db.transaction(async (tx) => {
    await ownPaket(tx, actor, paketUkkId);
    const rows = await tx
      .select({ kode: unitUkk.kodeUnit })
      .from(unitUkk)
      .where(eq(unitUkk.paketUkkId, paketUkkId));
    const taken = new Set(rows.map((r) => kodeUnitKey(r.kode)));
    units.forEach((u, i) => {
      if (taken.has(kodeUnitKey(u.kode_unit)))
        throw fieldError(`units.${i}.kode_unit`, PAKET_MESSAGES.kodeUnitTaken(u.kode_unit));
    });
    await tx
      .insert(unitUkk)
      .values(units.map(({ unit_ukk_id: _new, ...u }) => unitValues(actor, paketUkkId, u)));
  });
  return { message: PAKET_MESSAGES.unitSaved };
}

export async function setStatus(
  db: Db,
  actor: Actor,
  paketUkkId: string,
  status: 0 | 1,
): Promise<{ message: string }> {
  requireKaprog(actor);
  await db.transaction(async (tx) => {
    await ownPaket(tx, actor, paketUkkId);
    await tx
      .update(refPaketUkk)
      .set({ status, updatedAt: new Date() })
      .where(eq(refPaketUkk.paketUkkId, paketUkkId));
  });
  return { message: status === 1 ? PAKET_MESSAGES.activated : PAKET_MESSAGES.deactivated };
}

export async function deletePaket(db: Db, actor: Actor, paketUkkId: string): Promise<{ message: string }> {
  requireKaprog(actor);
  await db.transaction(async (tx) => {
    await ownPaket(tx, actor, paketUkkId);
    const [used] = await tx
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(rencanaUkk)
      .where(eq(rencanaUkk.paketUkkId, paketUkkId));
    if ((used?.n ?? 0) > 0) throw new AppError(409, 'PAKET_UKK_DIGUNAKAN', PAKET_MESSAGES.used(used?.n ?? 0));
    await tx.delete(refPaketUkk).where(eq(refPaketUkk.paketUkkId, paketUkkId));
  });
  return { message: PAKET_MESSAGES.deleted };
}
