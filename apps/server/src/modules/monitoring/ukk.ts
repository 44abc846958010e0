import { percentDone, statusOf } from '@erapor/contract/monitoring/counting';
import {
  MONITORING_UKK_SORT,
  type MonitoringUkkDetail,
  type MonitoringUkkList,
  type MonitoringUkkOpsi,
  type MonitoringUkkQuery,
  type MonitoringUkkRingkasan,
  type MonitoringUkkRow,
  UKK_MONITORING_MESSAGES,
} from '@erapor/contract/monitoring/ukk';
import { UKK_KOMPETEN_FROM } from '@erapor/contract/ukk/rules';
import { type SQL, sql } from 'drizzle-orm';
import type { Actor } from '../../actor';
import type { Db } from '../../db/client';
import { liveMember, statusCondition } from '../../db/counting-sql';
import { sqlRows } from '../../db/sql-rows';
import { anggotaRombel, guru, jurusanSp, rombonganBelajar } from '../../db/tables/referensi';
import { semester } from '../../db/tables/sekolah';
import { nilaiUkk, refPaketUkk, rencanaUkk } from '../../db/tables/ukk';
import { fieldError } from '../../lib/errors';
import { searchCondition, UNKNOWN_SORT_MESSAGE } from '../../lib/list';
import { pesertaOf, rencanaRow } from '../ukk/rencana';
import { checkFilterIds, requireWaka } from './access';
import { kelasOpsi } from './opsi';
import { num, PERCENT_OF_X, pageOf, parseJson, SUMMARY_JSON, summaryOf } from './rows-sql';

/*
 * Monitoring › Nilai UKK (issue #14 item 6; contract monitoring/ukk.ts; decision 036). One grouped
 * statement counts every Rencana UKK of the school and semester: its nilai_ukk rows whose
 * membership is live (counting-sql.ts liveMember), scored or not, Kompeten (≥ 70) or not. The table
 * pages over it, the summary and the programme bars aggregate over it once more, the Excel export
 * reads all of it. Detil is the Kaprog's "Detil Rencana Penilaian UKK" (ukk/rencana.ts).
 */

type Filter = Omit<MonitoringUkkQuery, 'page' | 'per_page' | 'sort_by' | 'sort_dir'>;

function progressRows(actor: Actor, f: Filter): SQL {
  const where: SQL[] = [
    sql`ru.sekolah_id = ${actor.sekolahId}`,
    sql`ru.semester_id = ${actor.semesterId}`,
    sql`r.deleted_at is null`,
  ];
  if (f.tingkat !== undefined) where.push(sql`r.tingkat = ${f.tingkat}`);
  if (f.jurusan_sp_id) where.push(sql`r.jurusan_sp_id = ${f.jurusan_sp_id}`);
  if (f.rombongan_belajar_id) where.push(sql`r.rombongan_belajar_id = ${f.rombongan_belajar_id}`);
  if (f.guru_id) where.push(sql`ru.internal = ${f.guru_id}`);
  const search = searchCondition(f.q, [
    sql`js.nama_jurusan_sp`,
    sql`pk.nomor_paket`,
    sql`pk.nama_paket_id`,
    sql`r.nama`,
    sql`g.nama`,
  ]);
  if (search) where.push(search);
  return sql`select ru.rencana_ukk_id, r.jurusan_sp_id, js.nama_jurusan_sp as program,
      r.rombongan_belajar_id, r.nama as rombel, r.tingkat, pk.nomor_paket, pk.nama_paket_id as nama_paket,
      ru.internal as guru_id, g.nama as guru,
      count(a.anggota_rombel_id)::int as expected,
      count(a.anggota_rombel_id) filter (where n.nilai is not null)::int as dinilai,
      count(a.anggota_rombel_id) filter (where n.nilai >= ${UKK_KOMPETEN_FROM})::int as kompeten,
      count(a.anggota_rombel_id) filter (where n.nilai < ${UKK_KOMPETEN_FROM})::int as belum_kompeten
    from ${rencanaUkk} ru
    join ${rombonganBelajar} r on r.rombongan_belajar_id = ru.rombongan_belajar_id
    join ${refPaketUkk} pk on pk.paket_ukk_id = ru.paket_ukk_id
    left join ${jurusanSp} js on js.jurusan_sp_id = r.jurusan_sp_id
    left join ${guru} g on g.guru_id = ru.internal
    left join (${nilaiUkk} n join ${anggotaRombel} a
        on a.anggota_rombel_id = n.anggota_rombel_id and ${liveMember(actor.semesterId)})
      on n.rencana_ukk_id = ru.rencana_ukk_id
    where ${sql.join(where, sql` and `)}
    group by ru.rencana_ukk_id, r.rombongan_belajar_id, js.jurusan_sp_id, pk.paket_ukk_id, g.guru_id`;
}

function filtered(actor: Actor, f: Filter): SQL {
  return sql`(select * from (${progressRows(actor, f)}) x where ${statusCondition(f.status)}) x`;
}

const SORT: Record<(typeof MONITORING_UKK_SORT)[number], SQL> = {
  percent: PERCENT_OF_X,
  program: sql`x.program`,
  rombel: sql`x.rombel`,
  nomor_paket: sql`x.nomor_paket`,
  nama_paket: sql`x.nama_paket`,
  guru: sql`x.guru`,
  expected: sql`x.expected`,
  dinilai: sql`x.dinilai`,
  kompeten: sql`x.kompeten`,
  belum_kompeten: sql`x.belum_kompeten`,
};
const KEY = sql`x.program, x.tingkat, x.rombel, x.nomor_paket, x.rencana_ukk_id`;
const DEFAULT_ORDER = sql`${PERCENT_OF_X} asc nulls last, ${KEY}`;

function toRow(r: Record<string, unknown>): MonitoringUkkRow {
  const expected = num(r.expected);
  const dinilai = num(r.dinilai);
  return {
    rencana_ukk_id: String(r.rencana_ukk_id),
    jurusan_sp_id: r.jurusan_sp_id == null ? null : String(r.jurusan_sp_id),
    program: r.program == null ? null : String(r.program),
    rombongan_belajar_id: String(r.rombongan_belajar_id),
    rombel: String(r.rombel),
    nomor_paket: String(r.nomor_paket),
    nama_paket: String(r.nama_paket),
    guru_id: String(r.guru_id),
    guru: r.guru == null ? null : String(r.guru),
    expected,
    dinilai,
    kompeten: num(r.kompeten),
    belum_kompeten: num(r.belum_kompeten),
    percent: percentDone(dinilai, expected),
    status: statusOf(dinilai, expected),
  };
}

/** The table: one page, lowest % first by default (nothing expected last). */
export async function listUkkProgress(
  db: Db,
  actor: Actor,
  query: MonitoringUkkQuery,
): Promise<MonitoringUkkList> {
  requireWaka(actor);
  const sortName = query.sort_by ?? 'percent';
  if (!Object.hasOwn(SORT, sortName))
    throw fieldError('sort_by', UNKNOWN_SORT_MESSAGE(sortName, [...MONITORING_UKK_SORT]), 400);
  await checkFilterIds(db, actor, query);
  const dir = query.sort_dir === 'desc' ? sql`desc` : sql`asc`;
  const { rows, total } = await pageOf(
    db,
    filtered(actor, query),
    sql`${SORT[sortName as keyof typeof SORT]} ${dir} nulls last, ${KEY}`,
    query,
  );
  return { data: rows.map(toRow), total, page: query.page, per_page: query.per_page };
}

/** Every filtered row in the table's default order (the Excel export). */
export async function allUkkRows(db: Db, actor: Actor, query: Filter): Promise<MonitoringUkkRow[]> {
  requireWaka(actor);
  await checkFilterIds(db, actor, query);
  const rows = await sqlRows<Record<string, unknown>>(
    db,
    sql`select x.* from ${filtered(actor, query)} order by ${DEFAULT_ORDER}`,
  );
  return rows.map(toRow);
}

/** Summary strip and a stacked bar per programme — one statement over the same rows. */
export async function ringkasanUkk(db: Db, actor: Actor, query: Filter): Promise<MonitoringUkkRingkasan> {
  requireWaka(actor);
  await checkFilterIds(db, actor, query);
  const [res] = await sqlRows<Record<string, unknown>>(
    db,
    sql`with x as (select * from ${filtered(actor, query)}),
      prog as (select coalesce(jurusan_sp_id::text, '') as id, coalesce(program, '-') as label,
          sum(expected)::int as expected, sum(dinilai)::int as dinilai,
          sum(kompeten)::int as kompeten, sum(belum_kompeten)::int as belum_kompeten
        from x group by 1, 2)
    select ${SUMMARY_JSON} as summary,
      (select json_build_object('kompeten', coalesce(sum(kompeten), 0), 'belum_kompeten', coalesce(sum(belum_kompeten), 0)) from x) as hasil,
      (select coalesce(json_agg(json_build_object('id', id, 'label', label, 'expected', expected,
          'dinilai', dinilai, 'kompeten', kompeten, 'belum_kompeten', belum_kompeten)
        order by ${PERCENT_OF_X} asc nulls last, label, id), '[]'::json) from prog x) as program,
      (select nama from ${semester} where semester_id = ${actor.semesterId}) as periode`,
  );
  const hasil = parseJson<Record<string, unknown>>(res?.hasil);
  return {
    title: UKK_MONITORING_MESSAGES.title(String(res?.periode ?? '')),
    summary: {
      ...summaryOf(parseJson(res?.summary)),
      kompeten: num(hasil.kompeten),
      belum_kompeten: num(hasil.belum_kompeten),
    },
    program: parseJson<Record<string, unknown>[]>(res?.program).map((p) => ({
      id: String(p.id),
      label: String(p.label),
      expected: num(p.expected),
      dinilai: num(p.dinilai),
      kompeten: num(p.kompeten),
      belum_kompeten: num(p.belum_kompeten),
      percent: percentDone(num(p.dinilai), num(p.expected)),
    })),
  };
}

/** The filters' options: upper regular classes; Guru = the internal examiners of the semester's plans. */
export async function opsiUkk(db: Db, actor: Actor): Promise<MonitoringUkkOpsi> {
  requireWaka(actor);
  return kelasOpsi(
    db,
    actor,
    [1],
    sql`exists (select 1 from ${rencanaUkk} ru where ru.internal = g.guru_id
      and ru.sekolah_id = ${actor.sekolahId} and ru.semester_id = ${actor.semesterId})`,
  );
}

/** "Detil Rencana Penilaian UKK": the Kaprog's detail, each pupil marked counted or not (left). */
export async function detailUkk(db: Db, actor: Actor, rencanaUkkId: string): Promise<MonitoringUkkDetail> {
  requireWaka(actor);
  const row = await rencanaRow(db, actor, rencanaUkkId);
  const [peserta, live] = await Promise.all([
    pesertaOf(db, actor, rencanaUkkId),
    sqlRows<{ anggota_rombel_id: string }>(
      db,
      sql`select a.anggota_rombel_id from ${nilaiUkk} n
        join ${anggotaRombel} a on a.anggota_rombel_id = n.anggota_rombel_id
        where n.rencana_ukk_id = ${rencanaUkkId} and ${liveMember(actor.semesterId)}`,
    ),
  ]);
  const counted = new Set(live.map((l) => String(l.anggota_rombel_id)));
  return {
    ...row,
    peserta: peserta.map(({ nilai_ukk_id: _i, updated_at: _u, ...p }) => ({
      ...p,
      diharapkan: counted.has(p.anggota_rombel_id),
    })),
  };
}
