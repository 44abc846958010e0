import { MESSAGES } from '@erapor/contract/errors';
import type {
  MonitoringPklDetail,
  MonitoringPklList,
  MonitoringPklQuery,
} from '@erapor/contract/pkl/monitoring';
import { PKL_MESSAGES } from '@erapor/contract/pkl/perencanaan';
import { and, asc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { Actor } from '../../actor';
import type { Db } from '../../db/client';
import { paginate } from '../../lib/list';
import { forbidden, notFound } from '../../plugins/errors';
import { tujuanPembelajaran } from '../kurikulum/tables';
import { aktPd, dudi, guru, mou, pesertaDidik, rombonganBelajar } from '../referensi/tables';
import { isPklWaka, requirePklSemester } from './access';
import { nilaiPkl, pdPkl, praktikKerjaLapangan, tpPkl } from './tables';

/*
 * Monitoring › Nilai PKL (issue #12 item 6; contract pkl/monitoring.ts; docs/decisions/034-pkl.md):
 * the Waka reads every PKL plan of the school and semester with its counts, and one plan's scores
 * per pupil and TP. Nobody else: the admin holds no Waka resource (decision 027), and the wali and
 * the pembimbing read their own plans through the homeroom view and Perencanaan. Role first (403),
 * then the semester (409 before 20231), then the plan (404 outside the login's school/semester).
 */

function requireWaka(actor: Actor): void {
  if (!isPklWaka(actor)) throw forbidden(MESSAGES.forbidden);
  requirePklSemester(actor);
}

// Per-plan counts as correlated subqueries: one statement for the page, never a query per row.
const K = sql`${praktikKerjaLapangan.pklId}`;
const jmlPeserta = sql<number>`(select count(*)::int from pd_pkl x where x.pkl_id = ${K})`;
const jmlTp = sql<number>`(select count(*)::int from tp_pkl x where x.pkl_id = ${K})`;
const jmlDinilai = sql<number>`(select count(distinct x.peserta_didik_id)::int from nilai_pkl x
  join pd_pkl p on p.pkl_id = x.pkl_id and p.peserta_didik_id = x.peserta_didik_id where x.pkl_id = ${K})`;
const jmlNilai = sql<number>`(select count(*)::int from nilai_pkl x where x.pkl_id = ${K})`;

const rowSelect = {
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
  guru_id: praktikKerjaLapangan.guruId,
  nama_pembimbing: guru.nama,
  jml_peserta: jmlPeserta,
  jml_tp: jmlTp,
  jml_dinilai: jmlDinilai,
  jml_nilai: jmlNilai,
};

/** A plan with its class, PKS, DUDI and pembimbing (one row per plan). */
function withJoins<Q extends PgSelect>(query: Q) {
  return query
    .innerJoin(
      rombonganBelajar,
      eq(rombonganBelajar.rombonganBelajarId, praktikKerjaLapangan.rombonganBelajarId),
    )
    .innerJoin(aktPd, eq(aktPd.aktPdId, praktikKerjaLapangan.aktPdId))
    .innerJoin(mou, eq(mou.mouId, aktPd.mouId))
    .innerJoin(dudi, eq(dudi.dudiId, mou.dudiId))
    .innerJoin(guru, eq(guru.guruId, praktikKerjaLapangan.guruId));
}

const scope = (actor: Actor): SQL | undefined =>
  and(
    eq(praktikKerjaLapangan.sekolahId, actor.sekolahId),
    eq(praktikKerjaLapangan.semesterId, actor.semesterId),
    isNull(rombonganBelajar.deletedAt),
  );

/** The school's plans, filtered by Tingkat, Rombel, DUDI and Pembimbing; searched, sorted, paged. */
export async function listMonitoringPkl(
  db: Db,
  actor: Actor,
  query: MonitoringPklQuery,
): Promise<MonitoringPklList> {
  requireWaka(actor);
  return paginate(
    db,
    {
      query: withJoins(db.select(rowSelect).from(praktikKerjaLapangan).$dynamic()),
      where: and(
        scope(actor),
        query.tingkat === undefined ? undefined : eq(rombonganBelajar.tingkat, query.tingkat),
        query.rombongan_belajar_id === undefined
          ? undefined
          : eq(praktikKerjaLapangan.rombonganBelajarId, query.rombongan_belajar_id),
        query.dudi_id === undefined ? undefined : eq(dudi.dudiId, query.dudi_id),
        query.guru_id === undefined ? undefined : eq(praktikKerjaLapangan.guruId, query.guru_id),
      ),
      search: [rombonganBelajar.nama, dudi.nama, aktPd.judulAktPd, guru.nama],
      sort: {
        kelas: rombonganBelajar.nama,
        nama_dudi: dudi.nama,
        judul_akt_pd: aktPd.judulAktPd,
        tanggal_mulai: praktikKerjaLapangan.tanggalMulai,
        tanggal_selesai: praktikKerjaLapangan.tanggalSelesai,
        nama_pembimbing: guru.nama,
        jml_peserta: jmlPeserta,
        jml_dinilai: jmlDinilai,
      },
      defaultSort: 'kelas',
      key: [dudi.nama, praktikKerjaLapangan.pklId],
    },
    query,
  );
}

/** One plan: its TPs, and per participant (by name) the catatan and a cell per TP. Four queries. */
export async function getMonitoringPkl(db: Db, actor: Actor, pklId: string): Promise<MonitoringPklDetail> {
  requireWaka(actor);
  const [rencana] = await withJoins(
    db
      .select({ ...rowSelect, instruktur: praktikKerjaLapangan.instruktur, nip: praktikKerjaLapangan.nip })
      .from(praktikKerjaLapangan)
      .$dynamic(),
  ).where(and(scope(actor), eq(praktikKerjaLapangan.pklId, pklId)));
  if (!rencana) throw notFound(PKL_MESSAGES.notFound);
  const [tp, peserta, scores] = await Promise.all([
    db
      .select({ tp_id: tujuanPembelajaran.tpId, deskripsi: tujuanPembelajaran.deskripsi })
      .from(tpPkl)
      .innerJoin(tujuanPembelajaran, eq(tujuanPembelajaran.tpId, tpPkl.tpId))
      .where(eq(tpPkl.pklId, pklId))
      .orderBy(asc(tujuanPembelajaran.createdAt), asc(tujuanPembelajaran.tpId)),
    db
      .select({
        peserta_didik_id: pesertaDidik.pesertaDidikId,
        nama: pesertaDidik.nama,
        nisn: pesertaDidik.nisn,
        catatan: pdPkl.catatan,
      })
      .from(pdPkl)
      .innerJoin(pesertaDidik, eq(pesertaDidik.pesertaDidikId, pdPkl.pesertaDidikId))
      .where(eq(pdPkl.pklId, pklId))
      .orderBy(asc(pesertaDidik.nama), asc(pesertaDidik.pesertaDidikId)),
    db
      .select({
        peserta_didik_id: nilaiPkl.pesertaDidikId,
        tp_id: nilaiPkl.tpId,
        nilai: nilaiPkl.nilai,
        deskripsi: nilaiPkl.deskripsi,
      })
      .from(nilaiPkl)
      .where(eq(nilaiPkl.pklId, pklId)),
  ]);
  const score = new Map(scores.map((s) => [`${s.peserta_didik_id}#${s.tp_id}`, s]));
  return {
    rencana,
    tp,
    peserta: peserta.map((p) => ({
      ...p,
      catatan: p.catatan || null,
      nilai: tp.map(({ tp_id }) => {
        const s = score.get(`${p.peserta_didik_id}#${tp_id}`);
        return { tp_id, nilai: s?.nilai ?? null, deskripsi: s?.deskripsi ?? null };
      }),
    })),
  };
}
