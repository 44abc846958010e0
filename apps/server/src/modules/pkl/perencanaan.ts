import type { ListQuery, ListResponse } from '@erapor/contract/list';
import { MAPEL_PKL } from '@erapor/contract/penilaian/rules';
import {
  type PilihanQuery,
  type PilihanResponse,
  PKL_MESSAGES,
  type RencanaPklDetail,
  type RencanaPklRow,
  type RencanaPklSave,
} from '@erapor/contract/pkl/perencanaan';
import { JENIS_PTK_INSTRUKTUR } from '@erapor/contract/referensi/gtk';
import type { JenisRiwayat } from '@erapor/contract/riwayat-nilai';
import { and, asc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Actor } from '../../actor';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { tpMapel, tujuanPembelajaran } from '../../db/tables/kurikulum';
import {
  aktPd,
  anggotaAktPd,
  anggotaRombel,
  dudi,
  guru,
  mou,
  pembelajaran,
  pesertaDidik,
  rombonganBelajar,
} from '../../db/tables/referensi';
import { AppError, fieldError, forbidden, notFound } from '../../lib/errors';
import { paginate } from '../../lib/list';
import { requireScoreLossConfirmed } from '../../lib/score-loss';
import { assertPenilaianOpen } from '../penilaian/gate';
import { withScoreLossRecorded } from '../riwayat-nilai/cells';
import {
  deletablePlan,
  editablePlan,
  isPembimbing,
  isPklAdmin,
  type PklActor,
  readablePlan,
  reassignablePlan,
  requirePembimbing,
  requirePlanReader,
  supervisesSql,
  teachesPklSql,
  visiblePlansSql,
} from './access';
import { recomputeClasses } from './nilai-akhir';

/** The PKL grades a plan's participants carry (riwayat-nilai/cells.ts). */
const PKL_KINDS: readonly JenisRiwayat[] = ['pkl', 'pkl_catatan', 'absensi_pkl'];

import { absensiPkl, nilaiPkl, pdPkl, praktikKerjaLapangan, tpPkl } from '../../db/tables/pkl';

/*
 * Perencanaan Penilaian PKL (issue #12 item 2; packages/contract/src/pkl/perencanaan.ts).
 * Participants are derived, never typed: the PKS's members (anggota_akt_pd) who are members of the
 * class now (anggota_rombel, not deleted); an edit derives them again. Removing stored scores —
 * a TP no longer chosen, a pupil no longer in the PKS, the whole plan — needs the caller to confirm
 * the exact number (409 with details.jumlah_nilai otherwise, nothing written).
 */

const jmlPeserta = sql<number>`(select count(*)::int from pd_pkl x where x.pkl_id = ${praktikKerjaLapangan.pklId})`;

function rowSelect(actor: Actor) {
  const me = actor.guruId ?? '00000000-0000-0000-0000-000000000000';
  const milik = isPembimbing(actor)
    ? sql<boolean>`(${praktikKerjaLapangan.guruId} = ${me})`
    : sql<boolean>`false`;
  return {
    pkl_id: praktikKerjaLapangan.pklId,
    rombongan_belajar_id: praktikKerjaLapangan.rombonganBelajarId,
    kelas: rombonganBelajar.nama,
    tingkat: rombonganBelajar.tingkat,
    dudi_id: dudi.dudiId,
    nama_dudi: dudi.nama,
    akt_pd_id: praktikKerjaLapangan.aktPdId,
    judul_akt_pd: aktPd.judulAktPd,
    tanggal_mulai: praktikKerjaLapangan.tanggalMulai,
    tanggal_selesai: praktikKerjaLapangan.tanggalSelesai,
    jml_peserta: jmlPeserta,
    guru_id: praktikKerjaLapangan.guruId,
    nama_pembimbing: guru.nama,
    milik,
  };
}

function planQuery(db: Db, actor: Actor) {
  return db
    .select(rowSelect(actor))
    .from(praktikKerjaLapangan)
    .innerJoin(
      rombonganBelajar,
      eq(rombonganBelajar.rombonganBelajarId, praktikKerjaLapangan.rombonganBelajarId),
    )
    .innerJoin(aktPd, eq(aktPd.aktPdId, praktikKerjaLapangan.aktPdId))
    .innerJoin(mou, eq(mou.mouId, aktPd.mouId))
    .innerJoin(dudi, eq(dudi.dudiId, mou.dudiId))
    .innerJoin(guru, eq(guru.guruId, praktikKerjaLapangan.guruId));
}

const planScope = (actor: Actor): SQL | undefined =>
  and(
    eq(praktikKerjaLapangan.sekolahId, actor.sekolahId),
    eq(praktikKerjaLapangan.semesterId, actor.semesterId),
    isNull(rombonganBelajar.deletedAt),
  );

type RawRow = Omit<RencanaPklRow, 'bisa_hapus'>;
const finishRow = <R extends RawRow>(actor: Actor, r: R): R & RencanaPklRow => ({
  ...r,
  milik: Boolean(r.milik),
  bisa_hapus: Boolean(r.milik) || isPklAdmin(actor),
});

/** The plans the caller may see: their own and co-supervised, their class's (wali), all (Waka, admin). */
export async function listRencana(
  db: Db,
  actor: Actor,
  query: ListQuery,
): Promise<ListResponse<RencanaPklRow>> {
  requirePlanReader(actor);
  const page = await paginate(
    db,
    {
      query: planQuery(db, actor).$dynamic(),
      where: and(planScope(actor), visiblePlansSql(actor)),
      search: [rombonganBelajar.nama, dudi.nama, aktPd.judulAktPd, guru.nama],
      sort: {
        kelas: rombonganBelajar.nama,
        nama_dudi: dudi.nama,
        judul_akt_pd: aktPd.judulAktPd,
        tanggal_mulai: praktikKerjaLapangan.tanggalMulai,
        tanggal_selesai: praktikKerjaLapangan.tanggalSelesai,
        jml_peserta: jmlPeserta,
      },
      defaultSort: 'kelas',
      key: [dudi.nama, praktikKerjaLapangan.pklId],
    },
    query,
  );
  return { ...page, data: page.data.map((r) => finishRow(actor, r)) };
}

/** One plan with its TPs and participants, each with how many scores hang off it. */
export async function getRencana(db: Db, actor: Actor, pklId: string): Promise<RencanaPklDetail> {
  await readablePlan(db, actor, pklId);
  return detailOf(db, actor, pklId);
}

async function detailOf(db: Db, actor: Actor, pklId: string): Promise<RencanaPklDetail> {
  const [row] = await db
    .select({
      ...rowSelect(actor),
      instruktur: praktikKerjaLapangan.instruktur,
      nip: praktikKerjaLapangan.nip,
      updatedAt: praktikKerjaLapangan.updatedAt,
    })
    .from(praktikKerjaLapangan)
    .innerJoin(
      rombonganBelajar,
      eq(rombonganBelajar.rombonganBelajarId, praktikKerjaLapangan.rombonganBelajarId),
    )
    .innerJoin(aktPd, eq(aktPd.aktPdId, praktikKerjaLapangan.aktPdId))
    .innerJoin(mou, eq(mou.mouId, aktPd.mouId))
    .innerJoin(dudi, eq(dudi.dudiId, mou.dudiId))
    .innerJoin(guru, eq(guru.guruId, praktikKerjaLapangan.guruId))
    .where(eq(praktikKerjaLapangan.pklId, pklId));
  if (!row) throw notFound(PKL_MESSAGES.notFound);
  const [tp, peserta] = await Promise.all([
    db
      .select({
        tp_id: tujuanPembelajaran.tpId,
        deskripsi: tujuanPembelajaran.deskripsi,
        jml_nilai: sql<number>`(select count(*)::int from nilai_pkl n
          where n.pkl_id = ${pklId} and n.tp_id = ${tujuanPembelajaran.tpId})`,
      })
      .from(tpPkl)
      .innerJoin(tujuanPembelajaran, eq(tujuanPembelajaran.tpId, tpPkl.tpId))
      .where(eq(tpPkl.pklId, pklId))
      .orderBy(asc(tujuanPembelajaran.createdAt), asc(tujuanPembelajaran.tpId)),
    db
      .select({
        peserta_didik_id: pesertaDidik.pesertaDidikId,
        nama: pesertaDidik.nama,
        nisn: pesertaDidik.nisn,
        jml_nilai: sql<number>`(select count(*)::int from nilai_pkl n
          where n.pkl_id = ${pklId} and n.peserta_didik_id = ${pesertaDidik.pesertaDidikId})`,
      })
      .from(pdPkl)
      .innerJoin(pesertaDidik, eq(pesertaDidik.pesertaDidikId, pdPkl.pesertaDidikId))
      .where(eq(pdPkl.pklId, pklId))
      .orderBy(asc(pesertaDidik.nama), asc(pesertaDidik.pesertaDidikId)),
  ]);
  const { updatedAt, ...rest } = row;
  return {
    ...finishRow(actor, rest),
    updated_at: updatedAt.toISOString(),
    jml_nilai: peserta.reduce((n, p) => n + p.jml_nilai, 0),
    tp,
    peserta,
  };
}

// --- the form's cascade ---------------------------------------------------------------------

/** Members of the class now (not left). */
const classMembersSql = (rombelId: string) =>
  sql`select ar.peserta_didik_id from anggota_rombel ar
    where ar.rombongan_belajar_id = ${rombelId} and ar.deleted_at is null`;

/** The class of the login's school and semester, or 404. */
async function loadRombel(db: Db, actor: Actor, rombelId: string, field?: string) {
  const [row] = await db
    .select({ id: rombonganBelajar.rombonganBelajarId, nama: rombonganBelajar.nama })
    .from(rombonganBelajar)
    .where(
      and(
        eq(rombonganBelajar.rombonganBelajarId, rombelId),
        eq(rombonganBelajar.sekolahId, actor.sekolahId),
        eq(rombonganBelajar.semesterId, actor.semesterId),
        eq(rombonganBelajar.jenisRombel, 1),
        isNull(rombonganBelajar.deletedAt),
      ),
    );
  if (!row) {
    if (field) throw fieldError(field, PKL_MESSAGES.rombelNotFound);
    throw notFound(PKL_MESSAGES.rombelNotFound);
  }
  return row;
}

async function teachesPkl(db: Db, guruId: string, rombelId: string): Promise<boolean> {
  const res = (await db.execute(sql`select ${teachesPklSql(guruId, rombelId)} as ok`)) as unknown as {
    rows: { ok: boolean }[];
  };
  return Boolean(res.rows[0]?.ok);
}

/** TPs mapped to the PKL subject the caller teaches in the class, in the order they were written. */
async function mappedPklTps(db: Db, guruId: string, rombelId: string) {
  return db
    .selectDistinct({
      tpId: tujuanPembelajaran.tpId,
      deskripsi: tujuanPembelajaran.deskripsi,
      createdAt: tujuanPembelajaran.createdAt,
    })
    .from(tpMapel)
    .innerJoin(pembelajaran, eq(pembelajaran.pembelajaranId, tpMapel.pembelajaranId))
    .innerJoin(tujuanPembelajaran, eq(tujuanPembelajaran.tpId, tpMapel.tpId))
    .where(
      and(
        eq(pembelajaran.rombonganBelajarId, rombelId),
        eq(pembelajaran.mataPelajaranId, MAPEL_PKL),
        isNull(pembelajaran.deletedAt),
        sql`(${pembelajaran.guruId} = ${guruId} or ${pembelajaran.guruPengajarId} = ${guruId})`,
      ),
    )
    .orderBy(asc(tujuanPembelajaran.createdAt), asc(tujuanPembelajaran.tpId));
}

/** PKS (akt_pd) the caller supervises that hold pupils of the class, with their DUDI. */
async function supervisedPks(db: Db, me: PklActor, rombelId: string, dudiId?: string) {
  return db
    .select({
      aktPdId: aktPd.aktPdId,
      judul: aktPd.judulAktPd,
      dudiId: dudi.dudiId,
      namaDudi: dudi.nama,
      jml: sql<number>`(select count(*)::int from anggota_akt_pd x
        where x.akt_pd_id = ${aktPd.aktPdId} and x.peserta_didik_id in (${classMembersSql(rombelId)}))`,
    })
    .from(aktPd)
    .innerJoin(mou, eq(mou.mouId, aktPd.mouId))
    .innerJoin(dudi, eq(dudi.dudiId, mou.dudiId))
    .where(
      and(
        eq(aktPd.sekolahId, me.sekolahId),
        dudiId ? eq(dudi.dudiId, dudiId) : undefined,
        supervisesSql(me.guruId, sql`${aktPd.aktPdId}`),
        sql`exists (select 1 from anggota_akt_pd x
          where x.akt_pd_id = ${aktPd.aktPdId} and x.peserta_didik_id in (${classMembersSql(rombelId)}))`,
      ),
    )
    .orderBy(asc(dudi.nama), asc(aktPd.judulAktPd), asc(aktPd.aktPdId));
}

export async function pilihan(db: Db, actor: Actor, query: PilihanQuery): Promise<PilihanResponse> {
  const me = requirePembimbing(actor);
  const out: PilihanResponse = { rombel: [], dudi: [], pks: [], tp: [], instruktur: [] };
  if (query.tingkat !== undefined) {
    const rows = await db
      .select({ value: rombonganBelajar.rombonganBelajarId, label: rombonganBelajar.nama })
      .from(rombonganBelajar)
      .where(
        and(
          eq(rombonganBelajar.sekolahId, me.sekolahId),
          eq(rombonganBelajar.semesterId, me.semesterId),
          eq(rombonganBelajar.tingkat, query.tingkat),
          eq(rombonganBelajar.jenisRombel, 1),
          isNull(rombonganBelajar.deletedAt),
          teachesPklSql(me.guruId, sql`${rombonganBelajar.rombonganBelajarId}`),
        ),
      )
      .orderBy(asc(rombonganBelajar.nama));
    out.rombel = rows;
  }
  if (query.rombongan_belajar_id) {
    const rombelId = query.rombongan_belajar_id;
    await loadRombel(db, me, rombelId);
    if (!(await teachesPkl(db, me.guruId, rombelId))) throw forbidden(PKL_MESSAGES.notPklTeacher);
    const pks = await supervisedPks(db, me, rombelId);
    const seen = new Set<string>();
    for (const p of pks) {
      if (seen.has(p.dudiId)) continue;
      seen.add(p.dudiId);
      out.dudi.push({ value: p.dudiId, label: p.namaDudi });
    }
    out.dudi.sort((a, b) => a.label.localeCompare(b.label));
    if (query.dudi_id) {
      out.pks = pks
        .filter((p) => p.dudiId === query.dudi_id)
        .map((p) => ({ value: p.aktPdId, label: p.judul, jml_peserta: p.jml }));
    }
    out.tp = (await mappedPklTps(db, me.guruId, rombelId)).map((t) => ({
      value: t.tpId,
      label: t.deskripsi,
    }));
  }
  out.instruktur = await db
    .select({ nama: guru.nama, nip: guru.nip })
    .from(guru)
    .where(
      and(
        eq(guru.sekolahId, me.sekolahId),
        eq(guru.jenisPtkId, JENIS_PTK_INSTRUKTUR),
        isNull(guru.deletedAt),
      ),
    )
    .orderBy(asc(guru.nama))
    .limit(500);
  return out;
}

// --- writes ---------------------------------------------------------------------------------

interface CheckedPlan {
  participants: string[];
}

/**
 * The body checked against the school's data as the caller's choices: a class where they teach
 * PKL (403 otherwise), a PKS of the chosen DUDI that they supervise and that holds pupils of the
 * class, and TPs mapped to their PKL subject there (422 per field). Returns the participants.
 * An edit keeps the plan's own PKS even when the caller does not supervise it: the admin may hand
 * a plan to any PKL teacher of the class (decision 034), who must then be able to keep it current.
 */
async function checkPlan(
  db: Db,
  me: PklActor,
  body: RencanaPklSave,
  edit?: { pklId: string; aktPdId: string },
): Promise<CheckedPlan> {
  const exceptPklId = edit?.pklId;
  const rombelId = body.rombongan_belajar_id;
  await loadRombel(db, me, rombelId, 'rombongan_belajar_id');
  if (!(await teachesPkl(db, me.guruId, rombelId))) throw forbidden(PKL_MESSAGES.notPklTeacher);

  const details: Record<string, string> = {};
  const [akt] = await db
    .select({ aktPdId: aktPd.aktPdId, dudiId: mou.dudiId })
    .from(aktPd)
    .innerJoin(mou, eq(mou.mouId, aktPd.mouId))
    .where(and(eq(aktPd.aktPdId, body.akt_pd_id), eq(aktPd.sekolahId, me.sekolahId)));
  const [dudiRow] = await db
    .select({ id: dudi.dudiId })
    .from(dudi)
    .where(and(eq(dudi.dudiId, body.dudi_id), eq(dudi.sekolahId, me.sekolahId)));
  if (!dudiRow) details.dudi_id = PKL_MESSAGES.dudiRequired;

  let participants: string[] = [];
  if (!akt) details.akt_pd_id = PKL_MESSAGES.aktPdRequired;
  else if (dudiRow && akt.dudiId !== body.dudi_id) details.akt_pd_id = PKL_MESSAGES.pksOtherDudi;
  else {
    const supervised = await supervisedPks(db, me, rombelId);
    const mine = supervised.some((p) => p.aktPdId === body.akt_pd_id) || edit?.aktPdId === body.akt_pd_id;
    const [anyPupil] = await db
      .select({ one: sql<number>`1` })
      .from(anggotaAktPd)
      .where(
        and(
          eq(anggotaAktPd.aktPdId, body.akt_pd_id),
          sql`${anggotaAktPd.pesertaDidikId} in (${classMembersSql(rombelId)})`,
        ),
      )
      .limit(1);
    if (!anyPupil) details.akt_pd_id = PKL_MESSAGES.pksNoPupils;
    else if (!mine) details.akt_pd_id = PKL_MESSAGES.notSupervisor;
    else {
      const rows = await db
        .select({ id: anggotaAktPd.pesertaDidikId })
        .from(anggotaAktPd)
        .innerJoin(anggotaRombel, eq(anggotaRombel.pesertaDidikId, anggotaAktPd.pesertaDidikId))
        .where(
          and(
            eq(anggotaAktPd.aktPdId, body.akt_pd_id),
            eq(anggotaRombel.rombonganBelajarId, rombelId),
            isNull(anggotaRombel.deletedAt),
          ),
        );
      participants = [...new Set(rows.map((r) => r.id))];
      const [dup] = await db
        .select({ id: praktikKerjaLapangan.pklId })
        .from(praktikKerjaLapangan)
        .where(
          and(
            eq(praktikKerjaLapangan.rombonganBelajarId, rombelId),
            eq(praktikKerjaLapangan.aktPdId, body.akt_pd_id),
            exceptPklId ? sql`${praktikKerjaLapangan.pklId} <> ${exceptPklId}` : undefined,
          ),
        );
      if (dup) details.akt_pd_id = PKL_MESSAGES.duplicate;
    }
  }

  const mapped = new Set((await mappedPklTps(db, me.guruId, rombelId)).map((t) => t.tpId));
  if (body.tp_ids.some((id) => !mapped.has(id))) details.tp_ids = PKL_MESSAGES.tpNotMapped;

  const first = Object.values(details)[0];
  if (first) throw new AppError(422, 'VALIDATION_ERROR', first, details);
  return { participants };
}

const planValues = (body: RencanaPklSave) => ({
  rombonganBelajarId: body.rombongan_belajar_id,
  aktPdId: body.akt_pd_id,
  tanggalMulai: body.tanggal_mulai,
  tanggalSelesai: body.tanggal_selesai,
  instruktur: body.instruktur,
  nip: body.nip,
});

const duplicateError = () => fieldError('akt_pd_id', PKL_MESSAGES.duplicate);

export async function createRencana(db: Db, actor: Actor, body: RencanaPklSave) {
  const me = requirePembimbing(actor);
  const { participants } = await checkPlan(db, me, body);
  await assertPenilaianOpen(db, me, body.rombongan_belajar_id);
  let pklId: string;
  try {
    pklId = await db.transaction(async (tx) => {
      const now = new Date();
      const [plan] = await tx
        .insert(praktikKerjaLapangan)
        .values({
          ...planValues(body),
          sekolahId: me.sekolahId,
          semesterId: me.semesterId,
          guruId: me.guruId,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: praktikKerjaLapangan.pklId });
      if (!plan) throw new Error('plan not written');
      await tx
        .insert(tpPkl)
        .values(body.tp_ids.map((tpId) => ({ sekolahId: me.sekolahId, pklId: plan.id, tpId })));
      if (participants.length)
        await tx
          .insert(pdPkl)
          .values(
            participants.map((pd) => ({ sekolahId: me.sekolahId, pklId: plan.id, pesertaDidikId: pd })),
          );
      return plan.id;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw duplicateError();
    throw err;
  }
  return { message: PKL_MESSAGES.saved, data: await detailOf(db, me, pklId) };
}

/** 409 unless the caller confirmed exactly `n` scores going (lib/score-loss.ts). */
const requireConfirmed = (n: number, confirmed: number | undefined, message: string) =>
  requireScoreLossConfirmed(n, confirmed, 'PKL_KONFIRMASI_HAPUS_NILAI', message);

/** Locks the plan row for the rest of the transaction and answers its current updated_at. */
async function lockPlan(tx: Db, pklId: string): Promise<Date> {
  const [row] = await tx
    .select({ updatedAt: praktikKerjaLapangan.updatedAt })
    .from(praktikKerjaLapangan)
    .where(eq(praktikKerjaLapangan.pklId, pklId))
    .for('update');
  if (!row) throw notFound(PKL_MESSAGES.notFound);
  return row.updatedAt;
}

export async function updateRencana(db: Db, actor: Actor, pklId: string, body: RencanaPklSave) {
  const plan = await editablePlan(db, actor, pklId);
  const me = requirePembimbing(actor);
  const { participants } = await checkPlan(db, me, body, { pklId, aktPdId: plan.aktPdId });
  await assertPenilaianOpen(db, me, plan.rombonganBelajarId);
  if (body.rombongan_belajar_id !== plan.rombonganBelajarId)
    await assertPenilaianOpen(db, me, body.rombongan_belajar_id);
  try {
    await db.transaction(async (tx) => {
      const stored = await lockPlan(tx, pklId);
      if (body.updated_at !== undefined && new Date(body.updated_at).getTime() !== stored.getTime()) {
        throw new AppError(409, 'CONFLICT', PKL_MESSAGES.stale);
      }
      const [oldTps, oldPds] = await Promise.all([
        tx.select({ id: tpPkl.tpId }).from(tpPkl).where(eq(tpPkl.pklId, pklId)),
        tx
          .select({ id: pdPkl.pesertaDidikId, nama: pesertaDidik.nama })
          .from(pdPkl)
          .innerJoin(pesertaDidik, eq(pesertaDidik.pesertaDidikId, pdPkl.pesertaDidikId))
          .where(eq(pdPkl.pklId, pklId)),
      ]);
      const newTps = new Set(body.tp_ids);
      const newPds = new Set(participants);
      const droppedTps = oldTps.map((t) => t.id).filter((id) => !newTps.has(id));
      const droppedPds = oldPds.filter((p) => !newPds.has(p.id));
      const dropping =
        droppedTps.length || droppedPds.length
          ? sql`${nilaiPkl.pklId} = ${pklId} and (${
              droppedTps.length ? inArray(nilaiPkl.tpId, droppedTps) : sql`false`
            } or ${
              droppedPds.length
                ? inArray(
                    nilaiPkl.pesertaDidikId,
                    droppedPds.map((p) => p.id),
                  )
                : sql`false`
            })`
          : null;
      // Scores, notes and attendance of dropped TPs and pupils go, each recorded as its grid would.
      const drop = async () => {
        if (dropping) {
          const scored = await tx
            .select({ pd: nilaiPkl.pesertaDidikId, tp: nilaiPkl.tpId })
            .from(nilaiPkl)
            .where(dropping);
          const pdsLosing = new Set(scored.map((s) => s.pd));
          const tpsLosing = new Set(scored.filter((s) => droppedTps.includes(s.tp)).map((s) => s.tp));
          const names = droppedPds.filter((p) => pdsLosing.has(p.id)).map((p) => p.nama);
          requireConfirmed(
            scored.length,
            body.konfirmasi_hapus_nilai,
            PKL_MESSAGES.dropScores(scored.length, names, tpsLosing.size),
          );
          await tx.delete(nilaiPkl).where(dropping);
        }
        if (droppedTps.length)
          await tx.delete(tpPkl).where(and(eq(tpPkl.pklId, pklId), inArray(tpPkl.tpId, droppedTps)));
        if (droppedPds.length) {
          const gone = droppedPds.map((p) => p.id);
          await tx.delete(pdPkl).where(and(eq(pdPkl.pklId, pklId), inArray(pdPkl.pesertaDidikId, gone)));
          await tx
            .delete(absensiPkl)
            .where(and(eq(absensiPkl.pklId, pklId), inArray(absensiPkl.pesertaDidikId, gone)));
        }
      };
      await (dropping ? withScoreLossRecorded(tx, me, PKL_KINDS, drop) : drop());
      const oldTpSet = new Set(oldTps.map((t) => t.id));
      const addTps = body.tp_ids.filter((id) => !oldTpSet.has(id));
      if (addTps.length)
        await tx.insert(tpPkl).values(addTps.map((tpId) => ({ sekolahId: me.sekolahId, pklId, tpId })));
      const oldPdSet = new Set(oldPds.map((p) => p.id));
      const addPds = participants.filter((id) => !oldPdSet.has(id));
      if (addPds.length)
        await tx
          .insert(pdPkl)
          .values(addPds.map((pd) => ({ sekolahId: me.sekolahId, pklId, pesertaDidikId: pd })));
      await tx
        .update(praktikKerjaLapangan)
        .set({ ...planValues(body), updatedAt: new Date() })
        .where(eq(praktikKerjaLapangan.pklId, pklId));
      // The PKL nilai akhir follows the scores (decision 034): dropped scores, or a plan moved
      // to another class (its scores now count there, no longer here).
      if (body.rombongan_belajar_id !== plan.rombonganBelajarId)
        await recomputeClasses(tx, me, [plan.rombonganBelajarId, body.rombongan_belajar_id]);
      else if (dropping)
        await recomputeClasses(
          tx,
          me,
          [plan.rombonganBelajarId],
          oldPds.map((p) => p.id),
        );
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw duplicateError();
    throw err;
  }
  return { message: PKL_MESSAGES.saved, data: await detailOf(db, me, pklId) };
}

export async function deleteRencana(db: Db, actor: Actor, pklId: string, confirmed: number | undefined) {
  const plan = await deletablePlan(db, actor, pklId);
  await assertPenilaianOpen(db, actor, plan.rombonganBelajarId);
  await db.transaction(async (tx) => {
    await lockPlan(tx, pklId);
    const [count] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(nilaiPkl)
      .where(eq(nilaiPkl.pklId, pklId));
    const n = count?.n ?? 0;
    requireConfirmed(n, confirmed, PKL_MESSAGES.deleteScores(n));
    // tp_pkl, pd_pkl, nilai_pkl and absensi_pkl follow (ON DELETE CASCADE), recorded as removed.
    await withScoreLossRecorded(tx, actor, PKL_KINDS, () =>
      tx.delete(praktikKerjaLapangan).where(eq(praktikKerjaLapangan.pklId, pklId)),
    );
    // The scores went with the plan: so does the nilai akhir they made (decision 034).
    if (n > 0) await recomputeClasses(tx, actor, [plan.rombonganBelajarId]);
  });
  return { message: PKL_MESSAGES.deleted };
}

/** The admin hands a plan to another teacher of the class's PKL subject (decision 034). */
export async function reassignRencana(db: Db, actor: Actor, pklId: string, guruId: string) {
  const plan = await reassignablePlan(db, actor, pklId);
  const [g] = await db
    .select({ id: guru.guruId })
    .from(guru)
    .where(and(eq(guru.guruId, guruId), eq(guru.sekolahId, actor.sekolahId), isNull(guru.deletedAt)));
  if (!g) throw fieldError('guru_id', PKL_MESSAGES.guruNotFound);
  if (!(await teachesPkl(db, guruId, plan.rombonganBelajarId)))
    throw fieldError('guru_id', PKL_MESSAGES.guruNotPklTeacher);
  await db
    .update(praktikKerjaLapangan)
    .set({ guruId, updatedAt: new Date() })
    .where(eq(praktikKerjaLapangan.pklId, pklId));
  return { message: PKL_MESSAGES.reassigned, data: await detailOf(db, actor, pklId) };
}
