import type { ListQuery, ListResponse } from '@erapor/contract/list';
import {
  type AnggotaAktPdList,
  DUDI_MESSAGES,
  DUDI_SORT_COLUMNS,
  type DudiDetail,
  type DudiRow,
} from '@erapor/contract/referensi/dudi';
import { JENIS_PTK_ASESOR } from '@erapor/contract/referensi/gtk';
import { and, asc, desc, eq, ilike, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Actor } from '../../../actor';
import type { Db } from '../../../db/client';
import {
  aktPd,
  anggotaAktPd,
  anggotaRombel,
  bimbingPd,
  dudi,
  guru,
  mou,
  pesertaDidik,
  rombonganBelajar,
} from '../../../db/tables/referensi';
import { refAgama } from '../../../db/tables/referensi-ref';
import { fieldError, notFound } from '../../../lib/errors';

/** `%q%` for ILIKE with the user's % and _ taken literally. */
export function likePattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Number of PKL activities of a DUDI (over all its MoUs). Written with explicit aliases: in a
 * single-table select Drizzle leaves column names unqualified, which a subquery would rebind.
 */
const jmlAktifitas = sql<number>`(
  select count(*)::int from akt_pd a join mou m on m.mou_id = a.mou_id
  where m.dudi_id = "dudi"."dudi_id")`;

const SORT: Record<(typeof DUDI_SORT_COLUMNS)[number], SQL | typeof dudi.nama> = {
  nama: dudi.nama,
  nama_bidang_usaha: sql`${dudi.namaBidangUsaha}`,
  alamat: sql`${dudi.alamatJalan}`,
  jml_aktifitas: jmlAktifitas,
};

export async function listDudi(db: Db, actor: Actor, query: ListQuery): Promise<ListResponse<DudiRow>> {
  const sortBy = query.sort_by ?? 'nama';
  if (!(DUDI_SORT_COLUMNS as readonly string[]).includes(sortBy)) {
    throw fieldError('sort_by', `Kolom ${sortBy} tidak dapat diurutkan`, 400);
  }
  const where = and(
    eq(dudi.sekolahId, actor.sekolahId),
    query.q
      ? or(
          ilike(dudi.nama, likePattern(query.q)),
          ilike(dudi.namaBidangUsaha, likePattern(query.q)),
          ilike(dudi.alamatJalan, likePattern(query.q)),
        )
      : undefined,
  );
  const order = SORT[sortBy as keyof typeof SORT];
  const dir = query.sort_dir === 'desc' ? desc : asc;
  const [rows, [count]] = await Promise.all([
    db
      .select({
        dudi_id: dudi.dudiId,
        nama: dudi.nama,
        nama_bidang_usaha: dudi.namaBidangUsaha,
        alamat: dudi.alamatJalan,
        jml_aktifitas: jmlAktifitas,
      })
      .from(dudi)
      .where(where)
      .orderBy(dir(order), asc(dudi.dudiId))
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page),
    db.select({ n: sql<number>`count(*)::int` }).from(dudi).where(where),
  ]);
  return { data: rows, total: count?.n ?? 0, page: query.page, per_page: query.per_page };
}

export async function getDudi(db: Db, actor: Actor, dudiId: string): Promise<DudiDetail> {
  const [row] = await db
    .select()
    .from(dudi)
    .where(and(eq(dudi.dudiId, dudiId), eq(dudi.sekolahId, actor.sekolahId)));
  if (!row) throw notFound(DUDI_MESSAGES.notFound);
  const mous = await db
    .select()
    .from(mou)
    .where(eq(mou.dudiId, dudiId))
    .orderBy(asc(mou.tanggalMulai), asc(mou.mouId));
  const mouIds = mous.map((m) => m.mouId);
  const akts = mouIds.length
    ? await db
        .select({
          akt_pd_id: aktPd.aktPdId,
          mou_id: aktPd.mouId,
          judul_akt_pd: aktPd.judulAktPd,
          sk_tugas: aktPd.skTugas,
          tgl_sk_tugas: aktPd.tglSkTugas,
          jml_pd: sql<number>`(select count(*)::int from anggota_akt_pd x where x.akt_pd_id = "akt_pd"."akt_pd_id")`,
        })
        .from(aktPd)
        .where(inArray(aktPd.mouId, mouIds))
        .orderBy(asc(aktPd.judulAktPd), asc(aktPd.aktPdId))
    : [];
  const aktIds = akts.map((a) => a.akt_pd_id);
  const pembimbing = aktIds.length
    ? await db
        .select({ aktPdId: bimbingPd.aktPdId, nama: guru.nama })
        .from(bimbingPd)
        .innerJoin(guru, eq(guru.guruId, bimbingPd.guruId))
        .where(inArray(bimbingPd.aktPdId, aktIds))
        .orderBy(asc(bimbingPd.urutanPembimbing), asc(guru.nama))
    : [];
  const asesor = await db
    .select({ guru_id: guru.guruId, nama: guru.nama, email: guru.email })
    .from(guru)
    .where(
      and(
        eq(guru.dudiId, dudiId),
        eq(guru.sekolahId, actor.sekolahId),
        eq(guru.jenisPtkId, JENIS_PTK_ASESOR),
        isNull(guru.deletedAt),
      ),
    )
    .orderBy(asc(guru.nama), asc(guru.guruId));
  return {
    asesor,
    dudi_id: row.dudiId,
    nama: row.nama,
    nama_bidang_usaha: row.namaBidangUsaha,
    alamat: row.alamatJalan,
    desa_kelurahan: row.desaKelurahan,
    kode_pos: row.kodePos,
    nomor_telepon: row.nomorTelepon,
    email: row.email,
    website: row.website,
    npwp: row.npwp,
    mou: mous.map((m) => ({
      mou_id: m.mouId,
      nomor_mou: m.nomorMou,
      judul_mou: m.judulMou,
      tanggal_mulai: m.tanggalMulai,
      tanggal_selesai: m.tanggalSelesai,
      contact_person: m.contactPerson,
      telp_cp: m.telpCp,
    })),
    akt_pd: akts.map((a) => ({
      ...a,
      pembimbing: pembimbing.filter((p) => p.aktPdId === a.akt_pd_id).map((p) => p.nama),
    })),
  };
}

/** The activity with its DUDI, if it belongs to the caller's school. */
async function findAktPd(db: Db, actor: Actor, aktPdId: string) {
  const [row] = await db
    .select({ akt_pd_id: aktPd.aktPdId, judul_akt_pd: aktPd.judulAktPd, dudi: dudi.nama })
    .from(aktPd)
    .innerJoin(mou, eq(mou.mouId, aktPd.mouId))
    .innerJoin(dudi, eq(dudi.dudiId, mou.dudiId))
    .where(and(eq(aktPd.aktPdId, aktPdId), eq(aktPd.sekolahId, actor.sekolahId)));
  return row ?? null;
}

export async function listAnggotaAktPd(db: Db, actor: Actor, aktPdId: string): Promise<AnggotaAktPdList> {
  const akt = await findAktPd(db, actor, aktPdId);
  if (!akt) throw notFound(DUDI_MESSAGES.aktPdNotFound);
  // The pupil's regular class in the caller's semester.
  const kelas = sql<string | null>`(
    select ${rombonganBelajar.nama} from ${anggotaRombel}
    join ${rombonganBelajar} on ${rombonganBelajar.rombonganBelajarId} = ${anggotaRombel.rombonganBelajarId}
    where ${anggotaRombel.pesertaDidikId} = ${pesertaDidik.pesertaDidikId}
      and ${anggotaRombel.semesterId} = ${actor.semesterId}
      and ${rombonganBelajar.jenisRombel} = 1
      and ${anggotaRombel.deletedAt} is null
    limit 1)`;
  const data = await db
    .select({
      anggota_akt_pd_id: anggotaAktPd.anggotaAktPdId,
      peserta_didik_id: pesertaDidik.pesertaDidikId,
      nama: pesertaDidik.nama,
      nisn: pesertaDidik.nisn,
      jenis_kelamin: pesertaDidik.jenisKelamin,
      tempat_lahir: pesertaDidik.tempatLahir,
      tanggal_lahir: pesertaDidik.tanggalLahir,
      agama: refAgama.nama,
      kelas,
    })
    .from(anggotaAktPd)
    .innerJoin(pesertaDidik, eq(pesertaDidik.pesertaDidikId, anggotaAktPd.pesertaDidikId))
    .leftJoin(refAgama, eq(refAgama.id, pesertaDidik.agamaId))
    .where(eq(anggotaAktPd.aktPdId, aktPdId))
    .orderBy(asc(pesertaDidik.nama), asc(pesertaDidik.pesertaDidikId));
  return { akt_pd: akt, data };
}

export async function removeAnggotaAktPd(db: Db, actor: Actor, anggotaAktPdId: string): Promise<void> {
  const removed = await db
    .delete(anggotaAktPd)
    .where(and(eq(anggotaAktPd.anggotaAktPdId, anggotaAktPdId), eq(anggotaAktPd.sekolahId, actor.sekolahId)))
    .returning({ id: anggotaAktPd.anggotaAktPdId });
  if (removed.length === 0) throw notFound(DUDI_MESSAGES.anggotaNotFound);
}

// For the GTK module (asesor ↔ DUDI): no other module reads the dudi table itself.

export async function dudiOptions(db: Db, sekolahId: string): Promise<{ value: string; label: string }[]> {
  const rows = await db
    .select({ value: dudi.dudiId, label: dudi.nama })
    .from(dudi)
    .where(eq(dudi.sekolahId, sekolahId))
    .orderBy(asc(dudi.nama));
  return rows;
}

/** The subset of `ids` that are DUDI of the school. */
export async function existingDudiIds(
  db: Db,
  sekolahId: string,
  ids: readonly string[],
): Promise<Set<string>> {
  const uuids = ids.filter((id) => /^[0-9a-f-]{36}$/i.test(id));
  if (uuids.length === 0) return new Set();
  const rows = await db
    .select({ id: dudi.dudiId })
    .from(dudi)
    .where(and(eq(dudi.sekolahId, sekolahId), inArray(dudi.dudiId, uuids)));
  return new Set(rows.map((r) => r.id));
}

export async function dudiNames(
  db: Db,
  sekolahId: string,
  ids: readonly string[],
): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: dudi.dudiId, nama: dudi.nama })
    .from(dudi)
    .where(and(eq(dudi.sekolahId, sekolahId), inArray(dudi.dudiId, [...new Set(ids)])));
  return new Map(rows.map((r) => [r.id, r.nama]));
}
