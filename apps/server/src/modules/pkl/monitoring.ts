import { MESSAGES } from '@erapor/contract/errors';
import { percentDone, statusOf, sumProgress } from '@erapor/contract/monitoring/counting';
import {
  MONITORING_PKL_MESSAGES,
  type MonitoringPklDetail,
  type MonitoringPklList,
  type MonitoringPklOpsi,
  type MonitoringPklQuery,
  type MonitoringPklRingkasan,
  PKL_MONITORING_TEXT,
} from '@erapor/contract/pkl/monitoring';
import { PKL_MESSAGES } from '@erapor/contract/pkl/perencanaan';
import { and, asc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { Actor } from '../../actor';
import type { Db } from '../../db/client';
import { notLeft } from '../../db/counting-sql';
import { tujuanPembelajaran } from '../../db/tables/kurikulum';
import { nilaiPkl, pdPkl, praktikKerjaLapangan, tpPkl } from '../../db/tables/pkl';
import { aktPd, dudi, guru, mou, pesertaDidik, rombonganBelajar } from '../../db/tables/referensi';
import { semester } from '../../db/tables/sekolah';
import { fieldError, forbidden, notFound } from '../../lib/errors';
import { paginate, searchCondition } from '../../lib/list';
import { checkFilterIds } from '../monitoring/access';
import { isPklWaka, requirePklSemester } from './access';

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
// JML Peserta: participants who have not left (the shared rule, monitoring/counting-sql.ts);
// Dinilai: those with a score for every TP of the plan (none when the plan has no TP).
const K = sql`${praktikKerjaLapangan.pklId}`;
const jmlTp = sql<number>`(select count(*)::int from tp_pkl x where x.pkl_id = ${K})`;
const jmlNilai = sql<number>`(select count(*)::int from nilai_pkl x where x.pkl_id = ${K})`;
const jmlPeserta = (semesterId: string) =>
  sql<number>`(select count(*)::int from pd_pkl x where x.pkl_id = ${K} and ${notLeft(sql`x.peserta_didik_id`, semesterId)})`;
const jmlDinilai = (semesterId: string) => sql<number>`(select count(*)::int from pd_pkl x
  where x.pkl_id = ${K} and ${notLeft(sql`x.peserta_didik_id`, semesterId)}
    and exists (select 1 from tp_pkl t where t.pkl_id = ${K})
    and not exists (select 1 from tp_pkl t where t.pkl_id = ${K} and not exists (select 1 from nilai_pkl n
      where n.pkl_id = ${K} and n.peserta_didik_id = x.peserta_didik_id and n.tp_id = t.tp_id)))`;
const percentOf = (semesterId: string) =>
  sql`(case when ${jmlPeserta(semesterId)} > 0 then ${jmlDinilai(semesterId)}::numeric / ${jmlPeserta(semesterId)} end)`;

function statusWhere(semesterId: string, status: MonitoringPklQuery['status']): SQL | undefined {
  const e = jmlPeserta(semesterId);
  const d = jmlDinilai(semesterId);
  if (status === 'belum') return sql`${e} > 0 and ${d} = 0`;
  if (status === 'lengkap') return sql`${e} > 0 and ${d} >= ${e}`;
  if (status === 'sebagian') return sql`${d} > 0 and ${d} < ${e}`;
  return undefined;
}

const rowSelect = (semesterId: string) => ({
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
  jml_peserta: jmlPeserta(semesterId),
  jml_tp: jmlTp,
  jml_dinilai: jmlDinilai(semesterId),
  jml_nilai: jmlNilai,
});

/** % and Status of a counted plan (contract counting.ts). */
function withProgress<R extends { jml_peserta: number; jml_dinilai: number }>(r: R) {
  const e = Number(r.jml_peserta);
  const d = Number(r.jml_dinilai);
  return { ...r, jml_peserta: e, jml_dinilai: d, percent: percentDone(d, e), status: statusOf(d, e) };
}

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

/** The filters (Tingkat, Rombel, DUDI, Pembimbing, Status, search) as one condition. */
function planWhere(actor: Actor, query: Omit<MonitoringPklQuery, 'page' | 'per_page' | 'sort_dir'>) {
  return and(
    scope(actor),
    query.tingkat === undefined ? undefined : eq(rombonganBelajar.tingkat, query.tingkat),
    query.rombongan_belajar_id === undefined
      ? undefined
      : eq(praktikKerjaLapangan.rombonganBelajarId, query.rombongan_belajar_id),
    query.dudi_id === undefined ? undefined : eq(dudi.dudiId, query.dudi_id),
    query.guru_id === undefined ? undefined : eq(praktikKerjaLapangan.guruId, query.guru_id),
    statusWhere(actor.semesterId, query.status),
  );
}

/** Role, semester, then the filters' ids: another school's class, DUDI or teacher is a 400. */
async function checkPklFilter(
  db: Db,
  actor: Actor,
  query: Pick<MonitoringPklQuery, 'rombongan_belajar_id' | 'guru_id' | 'dudi_id'>,
) {
  requireWaka(actor);
  await checkFilterIds(db, actor, {
    rombongan_belajar_id: query.rombongan_belajar_id,
    guru_id: query.guru_id,
  });
  if (query.dudi_id) {
    const [row] = await db
      .select({ id: dudi.dudiId })
      .from(dudi)
      .where(and(eq(dudi.dudiId, query.dudi_id), eq(dudi.sekolahId, actor.sekolahId)));
    if (!row) throw fieldError('dudi_id', MONITORING_PKL_MESSAGES.dudi, 400);
  }
}

const SEARCH = [rombonganBelajar.nama, dudi.nama, aktPd.judulAktPd, guru.nama];

/** The school's plans, filtered by Tingkat, Rombel, DUDI, Pembimbing and Status; lowest % first. */
export async function listMonitoringPkl(
  db: Db,
  actor: Actor,
  query: MonitoringPklQuery,
): Promise<MonitoringPklList> {
  await checkPklFilter(db, actor, query);
  const sem = actor.semesterId;
  const page = await paginate(
    db,
    {
      query: withJoins(db.select(rowSelect(sem)).from(praktikKerjaLapangan).$dynamic()),
      where: planWhere(actor, query),
      search: SEARCH,
      sort: {
        percent: percentOf(sem),
        kelas: rombonganBelajar.nama,
        nama_dudi: dudi.nama,
        judul_akt_pd: aktPd.judulAktPd,
        tanggal_mulai: praktikKerjaLapangan.tanggalMulai,
        tanggal_selesai: praktikKerjaLapangan.tanggalSelesai,
        nama_pembimbing: guru.nama,
        jml_peserta: jmlPeserta(sem),
        jml_dinilai: jmlDinilai(sem),
      },
      defaultSort: 'percent',
      key: [rombonganBelajar.nama, dudi.nama, praktikKerjaLapangan.pklId],
    },
    query,
  );
  return { ...page, data: page.data.map(withProgress) };
}

type PklFilter = Omit<MonitoringPklQuery, 'page' | 'per_page' | 'sort_dir' | 'sort_by'>;

/** Every filtered plan in the table's default order (the Excel export and the summary). */
export async function allMonitoringPkl(db: Db, actor: Actor, query: PklFilter) {
  await checkPklFilter(db, actor, query);
  const rows = await withJoins(db.select(rowSelect(actor.semesterId)).from(praktikKerjaLapangan).$dynamic())
    .where(and(planWhere(actor, query), searchCondition(query.q, SEARCH)))
    .orderBy(
      sql`${percentOf(actor.semesterId)} asc nulls last`,
      asc(rombonganBelajar.nama),
      asc(dudi.nama),
      asc(praktikKerjaLapangan.pklId),
    );
  return rows.map(withProgress);
}

/**
 * Summary strip and a bar per class. The counts per plan come from SQL (the statement above, one
 * for every plan); a school has tens of plans, so their sums per class and school are added here
 * with the shared rules.
 */
export async function ringkasanMonitoringPkl(
  db: Db,
  actor: Actor,
  query: PklFilter,
): Promise<MonitoringPklRingkasan> {
  const rows = await allMonitoringPkl(db, actor, query);
  const [sem] = await db
    .select({ nama: semester.nama })
    .from(semester)
    .where(eq(semester.semesterId, actor.semesterId));
  const kelas = new Map<
    string,
    { id: string; label: string; tingkat: number; expected: number; dinilai: number }
  >();
  for (const r of rows) {
    const k = kelas.get(r.rombongan_belajar_id) ?? {
      id: r.rombongan_belajar_id,
      label: r.kelas,
      tingkat: r.tingkat,
      expected: 0,
      dinilai: 0,
    };
    k.expected += r.jml_peserta;
    k.dinilai += r.jml_dinilai;
    kelas.set(k.id, k);
  }
  const total = sumProgress(rows.map((r) => ({ expected: r.jml_peserta, dinilai: r.jml_dinilai })));
  const counted = rows.filter((r) => r.jml_peserta > 0);
  return {
    title: PKL_MONITORING_TEXT.title(sem?.nama ?? ''),
    summary: {
      ...total,
      percent: percentDone(total.dinilai, total.expected),
      items_total: counted.length,
      items_lengkap: counted.filter((r) => r.status === 'lengkap').length,
      items_belum: counted.filter((r) => r.status === 'belum').length,
    },
    kelas: [...kelas.values()]
      .map(({ tingkat: _t, ...k }) => ({ ...k, percent: percentDone(k.dinilai, k.expected) }))
      .sort((a, b) => (a.percent ?? 101) - (b.percent ?? 101) || a.label.localeCompare(b.label)),
  };
}

/** The filters' options: the classes with a plan this semester and the plans' pembimbing. */
export async function opsiMonitoringPkl(db: Db, actor: Actor): Promise<MonitoringPklOpsi> {
  requireWaka(actor);
  const plans = await withJoins(
    db
      .selectDistinct({
        rombel: rombonganBelajar.rombonganBelajarId,
        kelas: rombonganBelajar.nama,
        tingkat: rombonganBelajar.tingkat,
        guru_id: guru.guruId,
        nama: guru.nama,
      })
      .from(praktikKerjaLapangan)
      .$dynamic(),
  ).where(scope(actor));
  const rombel = new Map(
    plans.map((p) => [p.rombel, { value: p.rombel, label: p.kelas, tingkat: p.tingkat }]),
  );
  const gurus = new Map(plans.map((p) => [p.guru_id, { value: p.guru_id, label: p.nama }]));
  return {
    rombel: [...rombel.values()].sort((a, b) => a.tingkat - b.tingkat || a.label.localeCompare(b.label)),
    guru: [...gurus.values()].sort((a, b) => a.label.localeCompare(b.label)),
  };
}

/** One plan: its TPs, and per participant (by name) the catatan and a cell per TP. Four queries. */
export async function getMonitoringPkl(db: Db, actor: Actor, pklId: string): Promise<MonitoringPklDetail> {
  requireWaka(actor);
  const [rencana] = await withJoins(
    db
      .select({
        ...rowSelect(actor.semesterId),
        instruktur: praktikKerjaLapangan.instruktur,
        nip: praktikKerjaLapangan.nip,
      })
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
        diharapkan: sql<boolean>`${notLeft(sql`${pdPkl.pesertaDidikId}`, actor.semesterId)}`.mapWith(
          (v) => v === true || v === 't',
        ),
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
    rencana: withProgress(rencana),
    tp,
    peserta: peserta.map((p) => {
      const nilai = tp.map(({ tp_id }) => {
        const s = score.get(`${p.peserta_didik_id}#${tp_id}`);
        return { tp_id, nilai: s?.nilai ?? null, deskripsi: s?.deskripsi ?? null };
      });
      return {
        ...p,
        catatan: p.catatan || null,
        nilai,
        dinilai: p.diharapkan && nilai.length > 0 && nilai.every((n) => n.nilai !== null),
      };
    }),
  };
}
