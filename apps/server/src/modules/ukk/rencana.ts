import type { ListQuery, ListResponse } from '@erapor/contract/list';
import {
  RENCANA_MESSAGES,
  RENCANA_SORT,
  type RencanaDetail,
  type RencanaPilihan,
  type RencanaPilihanQuery,
  type RencanaRow,
  type RencanaSave,
} from '@erapor/contract/ukk/rencana';
import { type PolaUkk, predikatUkk } from '@erapor/contract/ukk/rules';
import { and, asc, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Actor } from '../../actor';
import type { Db } from '../../db/client';
import { roleUser, users } from '../../db/tables/pengguna';
import { anggotaRombel, dudi, guru, pesertaDidik, rombonganBelajar } from '../../db/tables/referensi';
import { nilaiUkk, refPaketUkk, rencanaUkk } from '../../db/tables/ukk';
import { fieldError, notFound } from '../../lib/errors';
import { requireScoreLossConfirmed } from '../../lib/score-loss';
import { likePattern } from '../referensi/rombel/access';
import { sortKeyOf } from '../referensi/rombel/service';
import { withScoreLossRecorded } from '../riwayat-nilai/cells';
import { requireKaprog } from './access';
import { predikatSchemeOf } from './template';

/*
 * Rencana Penilaian UKK (reference-screens §9.1; issue #13 items 4 and 6). Rules:
 * - the class is a regular tingkat 12/13 class of the school this semester;
 * - the internal examiner is a guru of the school holding `internal` this semester; the external
 *   one an asesor (jenis_ptk 98) linked to a DUDI;
 * - the package is active, the school's or national, of the class's programme and curriculum;
 * - the chosen pupils are members of the class; each gets a nilai_ukk row without a score;
 * - "Ubah" changes date, examiners, Pola UKK and pupils (class and package stay): pupils kept keep
 *   their scores; dropping a scored pupil — or deleting a scored plan — answers 409 naming the
 *   number until the client confirms exactly that number.
 */

const jmlPd = sql<number>`(select count(*) from nilai_ukk n where n.rencana_ukk_id = ${rencanaUkk.rencanaUkkId})`;
const jmlNilai = sql<number>`(select count(*) from nilai_ukk n where n.rencana_ukk_id = ${rencanaUkk.rencanaUkkId} and n.nilai is not null)`;
const namaInternal = sql<string>`(select g.nama from guru g where g.guru_id = ${rencanaUkk.internal})`;
const namaEksternal = sql<string>`(select g.nama from guru g where g.guru_id = ${rencanaUkk.eksternal})`;
const namaDudi = sql<
  string | null
>`(select d.nama from guru g join dudi d on d.dudi_id = g.dudi_id where g.guru_id = ${rencanaUkk.eksternal})`;

const SORTS: Record<(typeof RENCANA_SORT)[number], SQL> = {
  nama_paket_id: sql`${refPaketUkk.namaPaketId}`,
  kelas: sql`${rombonganBelajar.nama}`,
  nama_internal: namaInternal,
  nama_eksternal: namaEksternal,
  jml_pd: jmlPd,
};

const rowFields = {
  rencana_ukk_id: rencanaUkk.rencanaUkkId,
  rombongan_belajar_id: rencanaUkk.rombonganBelajarId,
  kelas: rombonganBelajar.nama,
  tingkat: rombonganBelajar.tingkat,
  paket_ukk_id: rencanaUkk.paketUkkId,
  nomor_paket: refPaketUkk.nomorPaket,
  nama_paket_id: refPaketUkk.namaPaketId,
  nama_paket_en: refPaketUkk.namaPaketEn,
  internal: rencanaUkk.internal,
  nama_internal: namaInternal,
  eksternal: rencanaUkk.eksternal,
  nama_eksternal: namaEksternal,
  nama_dudi: namaDudi,
  tanggal_sertifikat: rencanaUkk.tanggalSertifikat,
  pola_ukk: sql<PolaUkk>`${rencanaUkk.polaUkk}`,
  jml_pd: jmlPd.mapWith(Number),
  jml_nilai: jmlNilai.mapWith(Number),
};

const ofActor = (actor: Actor) =>
  and(eq(rencanaUkk.sekolahId, actor.sekolahId), eq(rencanaUkk.semesterId, actor.semesterId));

/** Plans of the semester, filtered by `extra` (the examiner's own, for the scores screen). */
export async function queryRencana(db: Db, actor: Actor, query: ListQuery, extra?: SQL) {
  const where: (SQL | undefined)[] = [ofActor(actor), extra];
  if (query.q) {
    const p = likePattern(query.q);
    where.push(
      sql`(${refPaketUkk.namaPaketId} ilike ${p} or ${rombonganBelajar.nama} ilike ${p} or ${namaInternal} ilike ${p} or ${namaEksternal} ilike ${p})`,
    );
  }
  const key = sortKeyOf(RENCANA_SORT, query.sort_by, 'kelas');
  const dir = query.sort_dir === 'desc' ? desc : asc;
  const rows = await db
    .select({ ...rowFields, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(rencanaUkk)
    .innerJoin(rombonganBelajar, eq(rombonganBelajar.rombonganBelajarId, rencanaUkk.rombonganBelajarId))
    .innerJoin(refPaketUkk, eq(refPaketUkk.paketUkkId, rencanaUkk.paketUkkId))
    .where(and(...where))
    .orderBy(dir(SORTS[key]), asc(rombonganBelajar.nama), asc(rencanaUkk.rencanaUkkId))
    .limit(query.per_page)
    .offset((query.page - 1) * query.per_page);
  const total = rows[0]?.total ?? 0;
  return { data: rows.map(({ total: _t, ...r }) => r), total, page: query.page, per_page: query.per_page };
}

export async function listRencana(db: Db, actor: Actor, query: ListQuery): Promise<ListResponse<RencanaRow>> {
  requireKaprog(actor);
  const page = await queryRencana(db, actor, query);
  if (page.data.length === 0 && query.page > 1)
    page.total = (await queryRencana(db, actor, { ...query, page: 1 })).total;
  return page;
}

/** One plan of the school and semester (row fields), or 404. */
export async function rencanaRow(db: Db, actor: Actor, rencanaUkkId: string): Promise<RencanaRow> {
  const [row] = await db
    .select(rowFields)
    .from(rencanaUkk)
    .innerJoin(rombonganBelajar, eq(rombonganBelajar.rombonganBelajarId, rencanaUkk.rombonganBelajarId))
    .innerJoin(refPaketUkk, eq(refPaketUkk.paketUkkId, rencanaUkk.paketUkkId))
    .where(and(ofActor(actor), eq(rencanaUkk.rencanaUkkId, rencanaUkkId)));
  if (!row) throw notFound(RENCANA_MESSAGES.notFound);
  return row;
}

/** The plan's pupils (by name) with score and predicate (the school's scheme). */
export async function pesertaOf(db: Db, actor: Actor, rencanaUkkId: string) {
  const scheme = await predikatSchemeOf(db, actor.sekolahId);
  const rows = await db
    .select({
      nilai_ukk_id: nilaiUkk.nilaiUkkId,
      anggota_rombel_id: nilaiUkk.anggotaRombelId,
      peserta_didik_id: nilaiUkk.pesertaDidikId,
      nama: pesertaDidik.nama,
      nisn: pesertaDidik.nisn,
      nilai: nilaiUkk.nilai,
      updated_at: nilaiUkk.updatedAt,
    })
    .from(nilaiUkk)
    .innerJoin(pesertaDidik, eq(pesertaDidik.pesertaDidikId, nilaiUkk.pesertaDidikId))
    .where(eq(nilaiUkk.rencanaUkkId, rencanaUkkId))
    .orderBy(asc(pesertaDidik.nama), asc(nilaiUkk.anggotaRombelId));
  return rows.map((r) => ({ ...r, kesimpulan: predikatUkk(r.nilai, scheme)?.id ?? '' }));
}

export async function getRencana(db: Db, actor: Actor, rencanaUkkId: string): Promise<RencanaDetail> {
  requireKaprog(actor);
  const row = await rencanaRow(db, actor, rencanaUkkId);
  const peserta = (await pesertaOf(db, actor, rencanaUkkId)).map(
    ({ nilai_ukk_id: _i, updated_at: _u, ...p }) => p,
  );
  return { ...row, peserta };
}

const regularUpperClass = (actor: Actor) =>
  and(
    eq(rombonganBelajar.sekolahId, actor.sekolahId),
    eq(rombonganBelajar.semesterId, actor.semesterId),
    eq(rombonganBelajar.jenisRombel, 1),
    inArray(rombonganBelajar.tingkat, [12, 13]),
    isNull(rombonganBelajar.deletedAt),
  );

function internalCandidates(db: Db, actor: Actor) {
  return db
    .selectDistinct({ value: guru.guruId, label: guru.nama })
    .from(guru)
    .innerJoin(users, eq(users.guruId, guru.guruId))
    .innerJoin(
      roleUser,
      and(
        eq(roleUser.userId, users.id),
        eq(roleUser.role, 'internal'),
        eq(roleUser.semesterId, actor.semesterId),
        eq(roleUser.sekolahId, actor.sekolahId),
      ),
    )
    .where(and(eq(guru.sekolahId, actor.sekolahId), isNull(guru.deletedAt)))
    .orderBy(guru.nama);
}

function eksternalCandidates(db: Db, actor: Actor) {
  return db
    .select({ value: guru.guruId, label: sql<string>`${guru.nama} || ' (' || ${dudi.nama} || ')'` })
    .from(guru)
    .innerJoin(dudi, eq(dudi.dudiId, guru.dudiId))
    .where(and(eq(guru.sekolahId, actor.sekolahId), eq(guru.jenisPtkId, 98), isNull(guru.deletedAt)))
    .orderBy(guru.nama);
}

async function classOf(db: Db, actor: Actor, rombelId: string) {
  const [r] = await db
    .select({
      id: rombonganBelajar.rombonganBelajarId,
      jurusanId: rombonganBelajar.jurusanId,
      kurikulumId: rombonganBelajar.kurikulumId,
    })
    .from(rombonganBelajar)
    .where(and(regularUpperClass(actor), eq(rombonganBelajar.rombonganBelajarId, rombelId)));
  return r;
}

function paketFor(db: Db, actor: Actor, jurusanId: string | null, kurikulumId: number | null) {
  return db
    .select({
      value: refPaketUkk.paketUkkId,
      label: sql<string>`${refPaketUkk.nomorPaket} || ' - ' || ${refPaketUkk.namaPaketId}`,
    })
    .from(refPaketUkk)
    .where(
      and(
        sql`(${refPaketUkk.sekolahId} = ${actor.sekolahId} or ${refPaketUkk.sekolahId} is null)`,
        eq(refPaketUkk.status, 1),
        eq(refPaketUkk.jurusanId, jurusanId ?? ''),
        eq(refPaketUkk.kurikulumId, kurikulumId ?? -1),
      ),
    )
    .orderBy(refPaketUkk.nomorPaket);
}

function siswaOf(db: Db, rombelId: string) {
  return db
    .select({
      anggota_rombel_id: anggotaRombel.anggotaRombelId,
      nama: pesertaDidik.nama,
      nisn: pesertaDidik.nisn,
    })
    .from(anggotaRombel)
    .innerJoin(pesertaDidik, eq(pesertaDidik.pesertaDidikId, anggotaRombel.pesertaDidikId))
    .where(and(eq(anggotaRombel.rombonganBelajarId, rombelId), isNull(anggotaRombel.deletedAt)))
    .orderBy(pesertaDidik.nama);
}

export async function pilihanRencana(db: Db, actor: Actor, q: RencanaPilihanQuery): Promise<RencanaPilihan> {
  requireKaprog(actor);
  const rombel = await db
    .select({ value: rombonganBelajar.rombonganBelajarId, label: rombonganBelajar.nama })
    .from(rombonganBelajar)
    .where(and(regularUpperClass(actor), q.tingkat ? eq(rombonganBelajar.tingkat, q.tingkat) : undefined))
    .orderBy(rombonganBelajar.nama);
  const [internal, eksternal] = await Promise.all([
    internalCandidates(db, actor),
    eksternalCandidates(db, actor),
  ]);
  const kelas = q.rombongan_belajar_id ? await classOf(db, actor, q.rombongan_belajar_id) : undefined;
  if (!kelas) return { rombel, internal, eksternal, paket: [], siswa: [] };
  const [paket, siswa] = await Promise.all([
    paketFor(db, actor, kelas.jurusanId, kelas.kurikulumId),
    siswaOf(db, kelas.id),
  ]);
  return { rombel, internal, eksternal, paket, siswa };
}

/**
 * Checks every reference of the form against the school and semester: field messages (422).
 * `keepPaket`: an edit keeps the plan's package even if it was deactivated since.
 */
async function checkSave(db: Db, actor: Actor, body: RencanaSave, keepPaket = false) {
  const kelas = await classOf(db, actor, body.rombongan_belajar_id);
  if (!kelas) throw fieldError('rombongan_belajar_id', RENCANA_MESSAGES.rombelNotOffered);
  const [internal, eksternal, paket, siswa] = await Promise.all([
    internalCandidates(db, actor),
    eksternalCandidates(db, actor),
    paketFor(db, actor, kelas.jurusanId, kelas.kurikulumId),
    db
      .select({ id: anggotaRombel.anggotaRombelId, pd: anggotaRombel.pesertaDidikId })
      .from(anggotaRombel)
      .where(and(eq(anggotaRombel.rombonganBelajarId, kelas.id), isNull(anggotaRombel.deletedAt))),
  ]);
  if (!internal.some((g) => g.value === body.internal))
    throw fieldError('internal', RENCANA_MESSAGES.internalNotPenguji);
  if (!eksternal.some((g) => g.value === body.eksternal))
    throw fieldError('eksternal', RENCANA_MESSAGES.eksternalNotAsesor);
  if (!keepPaket && !paket.some((p) => p.value === body.paket_ukk_id))
    throw fieldError('paket_ukk_id', RENCANA_MESSAGES.paketNotOffered);
  const members = new Map(siswa.map((s) => [s.id, s.pd]));
  const i = body.anggota_rombel_ids.findIndex((id) => !members.has(id));
  if (i >= 0) throw fieldError('anggota_rombel_ids', RENCANA_MESSAGES.pesertaNotMember);
  return members;
}

export async function createRencana(
  db: Db,
  actor: Actor,
  body: RencanaSave,
): Promise<{ message: string; rencana_ukk_id: string }> {
  requireKaprog(actor);
  const members = await checkSave(db, actor, body);
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(rencanaUkk)
      .values({
        sekolahId: actor.sekolahId,
        semesterId: actor.semesterId,
        rombonganBelajarId: body.rombongan_belajar_id,
        paketUkkId: body.paket_ukk_id,
        internal: body.internal,
        eksternal: body.eksternal,
        tanggalSertifikat: body.tanggal_sertifikat,
        polaUkk: body.pola_ukk,
      })
      .returning({ id: rencanaUkk.rencanaUkkId });
    const rencanaUkkId = row?.id ?? '';
    await tx.insert(nilaiUkk).values(
      body.anggota_rombel_ids.map((ar) => ({
        sekolahId: actor.sekolahId,
        rencanaUkkId,
        anggotaRombelId: ar,
        pesertaDidikId: members.get(ar) ?? '',
      })),
    );
    return rencanaUkkId;
  });
  return { message: RENCANA_MESSAGES.saved, rencana_ukk_id: id };
}

export async function updateRencana(
  db: Db,
  actor: Actor,
  rencanaUkkId: string,
  body: RencanaSave,
): Promise<{ message: string; rencana_ukk_id: string }> {
  requireKaprog(actor);
  const plan = await rencanaRow(db, actor, rencanaUkkId);
  // Class and package are the plan's own, whatever the form sends.
  const fixed = { ...body, rombongan_belajar_id: plan.rombongan_belajar_id, paket_ukk_id: plan.paket_ukk_id };
  const memberMap = await checkSave(db, actor, fixed, true);
  await db.transaction(async (tx) => {
    await tx
      .select({ id: rencanaUkk.rencanaUkkId })
      .from(rencanaUkk)
      .where(eq(rencanaUkk.rencanaUkkId, rencanaUkkId))
      .for('update');
    const current = await pesertaOf(tx, actor, rencanaUkkId);
    const chosen = new Set(body.anggota_rombel_ids);
    const dropped = current.filter((p) => !chosen.has(p.anggota_rombel_id));
    const scored = dropped.filter((p) => p.nilai !== null);
    requireScoreLossConfirmed(
      scored.length,
      body.konfirmasi_hapus_nilai,
      'UKK_KONFIRMASI_HAPUS_NILAI',
      RENCANA_MESSAGES.dropScores(
        scored.length,
        scored.map((p) => p.nama),
      ),
    );
    await tx
      .update(rencanaUkk)
      .set({
        internal: body.internal,
        eksternal: body.eksternal,
        tanggalSertifikat: body.tanggal_sertifikat,
        polaUkk: body.pola_ukk,
        updatedAt: new Date(),
      })
      .where(eq(rencanaUkk.rencanaUkkId, rencanaUkkId));
    if (dropped.length)
      await withScoreLossRecorded(tx, actor, ['ukk'], () =>
        tx.delete(nilaiUkk).where(
          inArray(
            nilaiUkk.nilaiUkkId,
            dropped.map((p) => p.nilai_ukk_id),
          ),
        ),
      );
    const have = new Set(current.map((p) => p.anggota_rombel_id));
    const added = body.anggota_rombel_ids.filter((ar) => !have.has(ar));
    if (added.length)
      await tx.insert(nilaiUkk).values(
        added.map((ar) => ({
          sekolahId: actor.sekolahId,
          rencanaUkkId,
          anggotaRombelId: ar,
          pesertaDidikId: memberMap.get(ar) ?? '',
        })),
      );
  });
  return { message: RENCANA_MESSAGES.saved, rencana_ukk_id: rencanaUkkId };
}

export async function deleteRencana(
  db: Db,
  actor: Actor,
  rencanaUkkId: string,
  konfirmasi: number | undefined,
): Promise<{ message: string }> {
  requireKaprog(actor);
  await rencanaRow(db, actor, rencanaUkkId);
  await db.transaction(async (tx) => {
    const [scored] = await tx
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(nilaiUkk)
      .where(and(eq(nilaiUkk.rencanaUkkId, rencanaUkkId), sql`${nilaiUkk.nilai} is not null`));
    const n = scored?.n ?? 0;
    requireScoreLossConfirmed(n, konfirmasi, 'UKK_KONFIRMASI_HAPUS_NILAI', RENCANA_MESSAGES.deleteScores(n));
    const remove = () => tx.delete(rencanaUkk).where(eq(rencanaUkk.rencanaUkkId, rencanaUkkId));
    await (n > 0 ? withScoreLossRecorded(tx, actor, ['ukk'], remove) : remove());
  });
  return { message: RENCANA_MESSAGES.deleted };
}
