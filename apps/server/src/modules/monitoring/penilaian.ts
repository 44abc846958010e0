import { percentDone, statusOf } from '@erapor/contract/monitoring/counting';
import type { MonitoringFilter } from '@erapor/contract/monitoring/filters';
import {
  MONITORING_PENILAIAN_SORT,
  type MonitoringPenilaianList,
  type MonitoringPenilaianOpsi,
  type MonitoringPenilaianQuery,
  type MonitoringPenilaianRingkasan,
  type MonitoringPenilaianRow,
  PENILAIAN_MONITORING_MESSAGES,
} from '@erapor/contract/monitoring/penilaian';
import { type SQL, sql } from 'drizzle-orm';
import type { Actor } from '../../actor';
import type { Db } from '../../db/client';
import { expectedPupilOfB, statusCondition } from '../../db/counting-sql';
import { sqlRows } from '../../db/sql-rows';
import { deskripsiMataPelajaran, nilaiAkhir } from '../../db/tables/penilaian';
import { anggotaRombel, guru, pembelajaran, pesertaDidik, rombonganBelajar } from '../../db/tables/referensi';
import { semester } from '../../db/tables/sekolah';
import { fieldError } from '../../lib/errors';
import { searchCondition, UNKNOWN_SORT_MESSAGE } from '../../lib/list';
import { checkFilterIds, requireWaka } from './access';
import { kelasOpsi } from './opsi';

/*
 * Monitoring › Nilai Akademik (issue #14 item 3; contract monitoring/penilaian.ts; decision 036).
 *
 * One grouped statement gives every row's counts (`progressRows`): each active pembelajaran (kelompok
 * and no urut set, as on the Beranda) of the school and semester, outer-joined to its expected pupils
 * (counting-sql.ts) and those to the semester's nilai akhir (one row per pupil and subject) — set-based
 * joins, never a query or a lookup per row (the bench's budget, decision 036). Terakhir diisi is the
 * last change of a counted pupil's nilai akhir; Capaian is counted for the rows shown. The table pages over it, the
 * summary / bars / heat-map / teacher ranking aggregate over it in one more statement, and the
 * Excel export reads all of it. Filters Tingkat, Program (jurusan_sp), Rombel, Guru and search work
 * inside; Status works on the counted rows.
 */

/** The capaian count of a pembelajaran `b`: expected pupils with a capaian kompetensi text. */
const CAPAIAN_TEXT = sql`(coalesce(trim(dm.deskripsi_pengetahuan), '') <> '' or coalesce(trim(dm.deskripsi_keterampilan), '') <> '')`;

/**
 * The counted rows (one per pembelajaran) matching the filters except Status. `withCapaian` adds
 * the Capaian count for every row (the Excel export, a sort by Capaian); otherwise the table
 * counts it for its page only (`capaianOf`) — it reads the long description texts, the one costly
 * part, and the summary and the charts do not need it.
 */
function progressRows(actor: Actor, f: MonitoringFilter, q: string | undefined, withCapaian: boolean): SQL {
  const where: SQL[] = [
    sql`b.sekolah_id = ${actor.sekolahId}`,
    sql`b.semester_id = ${actor.semesterId}`,
    sql`b.deleted_at is null and b.kelompok_id is not null and b.no_urut is not null`,
    sql`r.deleted_at is null`,
  ];
  if (f.tingkat !== undefined) where.push(sql`r.tingkat = ${f.tingkat}`);
  if (f.jurusan_sp_id) where.push(sql`r.jurusan_sp_id = ${f.jurusan_sp_id}`);
  if (f.rombongan_belajar_id) where.push(sql`r.rombongan_belajar_id = ${f.rombongan_belajar_id}`);
  if (f.guru_id) where.push(sql`coalesce(b.guru_pengajar_id, b.guru_id) = ${f.guru_id}`);
  const search = searchCondition(q, [
    sql`r.nama`,
    sql`b.nama_mata_pelajaran`,
    sql`coalesce(gp.nama, g.nama)`,
  ]);
  if (search) where.push(search);
  // The semester's nilai akhir, one row per pupil and subject (several kompetensi count once),
  // taken once through the semester's subjects rather than looked up per pupil.
  return sql`with pb as materialized (select p.pembelajaran_id from ${pembelajaran} p
        where p.sekolah_id = ${actor.sekolahId} and p.semester_id = ${actor.semesterId} and p.deleted_at is null),
      na as materialized (select n.anggota_rombel_id, n.pembelajaran_id, max(n.updated_at) as terakhir
        from ${nilaiAkhir} n join pb on pb.pembelajaran_id = n.pembelajaran_id group by n.anggota_rombel_id, n.pembelajaran_id)
      ${
        withCapaian
          ? sql`, dmx as materialized (select dm.anggota_rombel_id, dm.pembelajaran_id from ${deskripsiMataPelajaran} dm
        join pb on pb.pembelajaran_id = dm.pembelajaran_id where ${CAPAIAN_TEXT})`
          : sql``
      }
    select b.pembelajaran_id, b.rombongan_belajar_id, r.nama as rombel, r.tingkat, r.kunci_nilai,
      b.mata_pelajaran_id, b.nama_mata_pelajaran as mata_pelajaran, b.induk_pembelajaran_id,
      coalesce(b.guru_pengajar_id, b.guru_id) as guru_id, coalesce(gp.nama, g.nama) as guru,
      count(a.anggota_rombel_id)::int as expected,
      count(na.anggota_rombel_id)::int as dinilai,
      ${withCapaian ? sql`count(dmx.anggota_rombel_id)::int` : sql`null::int`} as capaian,
      max(na.terakhir) as terakhir_diisi
    from ${pembelajaran} b
    join ${rombonganBelajar} r on r.rombongan_belajar_id = b.rombongan_belajar_id
    left join ${guru} g on g.guru_id = b.guru_id
    left join ${guru} gp on gp.guru_id = b.guru_pengajar_id
    left join (${anggotaRombel} a join ${pesertaDidik} pd on pd.peserta_didik_id = a.peserta_didik_id)
      on ${expectedPupilOfB(actor.semesterId)}
    left join na on na.anggota_rombel_id = a.anggota_rombel_id and na.pembelajaran_id = b.pembelajaran_id
    ${
      withCapaian
        ? sql`left join dmx on dmx.anggota_rombel_id = a.anggota_rombel_id and dmx.pembelajaran_id = b.pembelajaran_id`
        : sql``
    }
    where ${sql.join(where, sql` and `)}
    group by b.pembelajaran_id, r.rombongan_belajar_id, g.guru_id, gp.guru_id`;
}

/** Capaian of the given pembelajaran (a page of the table), by id; through their index. */
async function capaianOf(db: Db, actor: Actor, ids: readonly string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  // One small count per id (at most a page), each through deskripsi's pembelajaran index.
  const rows = await sqlRows<{ id: string; n: number }>(
    db,
    sql`select b.pembelajaran_id as id, (select count(*) from ${deskripsiMataPelajaran} dm
        join ${anggotaRombel} a on a.anggota_rombel_id = dm.anggota_rombel_id
        join ${pesertaDidik} pd on pd.peserta_didik_id = a.peserta_didik_id
        where dm.pembelajaran_id = b.pembelajaran_id and ${expectedPupilOfB(actor.semesterId)} and ${CAPAIAN_TEXT})::int as n
      from ${pembelajaran} b
      where b.sekolah_id = ${actor.sekolahId} and b.pembelajaran_id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`,
  );
  return new Map(rows.map((r) => [String(r.id), Number(r.n)]));
}

/** The counted rows with Status applied, as `x`. */
function filtered(actor: Actor, f: MonitoringFilter, q: string | undefined, withCapaian = false): SQL {
  return sql`(select * from (${progressRows(actor, f, q, withCapaian)}) x where ${statusCondition(f.status)}) x`;
}

const PERCENT = sql`(case when x.expected > 0 then x.dinilai::numeric / x.expected end)`;
const SORT: Record<(typeof MONITORING_PENILAIAN_SORT)[number], SQL> = {
  percent: PERCENT,
  rombel: sql`x.rombel`,
  mata_pelajaran: sql`x.mata_pelajaran`,
  guru: sql`x.guru`,
  expected: sql`x.expected`,
  dinilai: sql`x.dinilai`,
  capaian: sql`x.capaian`,
  terakhir_diisi: sql`x.terakhir_diisi`,
};
/** Tie-breakers: class order, then subject, so equal % never swap between pages. */
const KEY = sql`x.tingkat, x.rombel, x.mata_pelajaran, x.pembelajaran_id`;

function toRow(r: Record<string, unknown>): MonitoringPenilaianRow {
  const expected = Number(r.expected);
  const dinilai = Number(r.dinilai);
  const last = r.terakhir_diisi;
  return {
    pembelajaran_id: String(r.pembelajaran_id),
    rombongan_belajar_id: String(r.rombongan_belajar_id),
    rombel: String(r.rombel),
    tingkat: Number(r.tingkat),
    kunci_nilai: r.kunci_nilai === true || r.kunci_nilai === 't',
    mata_pelajaran_id: Number(r.mata_pelajaran_id),
    mata_pelajaran: String(r.mata_pelajaran),
    induk_pembelajaran_id: r.induk_pembelajaran_id == null ? null : String(r.induk_pembelajaran_id),
    guru_id: r.guru_id == null ? null : String(r.guru_id),
    guru: r.guru == null ? null : String(r.guru),
    expected,
    dinilai,
    capaian: Number(r.capaian),
    percent: percentDone(dinilai, expected),
    status: statusOf(dinilai, expected),
    terakhir_diisi: last == null ? null : new Date(last as string | Date).toISOString(),
  };
}

/** The table: one page of counted rows, lowest % first by default (nothing expected last). */
export async function listPenilaian(
  db: Db,
  actor: Actor,
  query: MonitoringPenilaianQuery,
): Promise<MonitoringPenilaianList> {
  requireWaka(actor);
  const sortName = query.sort_by ?? 'percent';
  if (!Object.hasOwn(SORT, sortName))
    throw fieldError('sort_by', UNKNOWN_SORT_MESSAGE(sortName, [...MONITORING_PENILAIAN_SORT]), 400);
  await checkFilterIds(db, actor, query);
  const column = SORT[sortName as keyof typeof SORT];
  const dir = query.sort_dir === 'desc' ? sql`desc` : sql`asc`;
  const offset = (query.page - 1) * query.per_page;
  const sortsByCapaian = sortName === 'capaian';
  const rows = await sqlRows<Record<string, unknown>>(
    db,
    sql`select x.*, count(*) over () as total from ${filtered(actor, query, query.q, sortsByCapaian)}
      order by ${column} ${dir} nulls last, ${KEY} limit ${query.per_page} offset ${offset}`,
  );
  if (!sortsByCapaian) {
    const capaian = await capaianOf(
      db,
      actor,
      rows.map((r) => String(r.pembelajaran_id)),
    );
    for (const r of rows) r.capaian = capaian.get(String(r.pembelajaran_id)) ?? 0;
  }
  let total = Number(rows[0]?.total ?? 0);
  if (rows.length === 0 && query.page > 1) {
    const [c] = await sqlRows<{ total: number }>(
      db,
      sql`select count(*)::int as total from ${filtered(actor, query, query.q)}`,
    );
    total = Number(c?.total ?? 0);
  }
  return { data: rows.map(toRow), total, page: query.page, per_page: query.per_page };
}

/** Every filtered row in the table's default order (the Excel export). */
export async function allPenilaianRows(
  db: Db,
  actor: Actor,
  query: MonitoringFilter & { q?: string | undefined },
): Promise<MonitoringPenilaianRow[]> {
  requireWaka(actor);
  await checkFilterIds(db, actor, query);
  const rows = await sqlRows<Record<string, unknown>>(
    db,
    sql`select x.* from ${filtered(actor, query, query.q, true)} order by ${PERCENT} asc nulls last, ${KEY}`,
  );
  return rows.map(toRow);
}

const num = (v: unknown) => Number(v ?? 0);

/** Summary strip, bars per class, class × subject heat-map and the teachers behind — one statement. */
export async function ringkasanPenilaian(
  db: Db,
  actor: Actor,
  query: MonitoringFilter & { q?: string | undefined },
): Promise<MonitoringPenilaianRingkasan> {
  requireWaka(actor);
  await checkFilterIds(db, actor, query);
  const [res] = await sqlRows<Record<string, unknown>>(
    db,
    sql`with x as (select * from ${filtered(actor, query, query.q)})
    select
      (select json_build_object('expected', coalesce(sum(expected), 0), 'dinilai', coalesce(sum(dinilai), 0),
        'items_total', count(*) filter (where expected > 0),
        'items_lengkap', count(*) filter (where expected > 0 and dinilai >= expected),
        'items_belum', count(*) filter (where expected > 0 and dinilai = 0)) from x) as summary,
      (select coalesce(json_agg(k order by k.tingkat, k.label, k.id), '[]'::json) from (
        select rombongan_belajar_id as id, rombel as label, tingkat, bool_or(kunci_nilai) as kunci_nilai,
          sum(expected) as expected, sum(dinilai) as dinilai from x group by rombongan_belajar_id, rombel, tingkat) k)
        as kelas,
      (select coalesce(json_agg(m order by m.label, m.id), '[]'::json) from (
        select mata_pelajaran_id as id, min(mata_pelajaran) as label from x group by mata_pelajaran_id) m) as mapel,
      (select coalesce(json_agg(c), '[]'::json) from (
        select rombongan_belajar_id, mata_pelajaran_id, sum(expected) as expected, sum(dinilai) as dinilai
        from x group by rombongan_belajar_id, mata_pelajaran_id) c) as cells,
      (select coalesce(json_agg(t order by t.belum desc, t.nama, t.guru_id), '[]'::json) from (
        select guru_id, min(guru) as nama, sum(expected - dinilai) as belum, sum(expected) as expected
        from x where guru_id is not null group by guru_id having sum(expected - dinilai) > 0
        order by sum(expected - dinilai) desc, min(guru), guru_id limit 10) t) as guru_belum,
      (select nama from ${semester} where semester_id = ${actor.semesterId}) as periode`,
  );
  const parse = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T;
  const s = parse<Record<string, unknown>>(res?.summary);
  const expected = num(s.expected);
  const dinilai = num(s.dinilai);
  const kelas = parse<Record<string, unknown>[]>(res?.kelas).map((k) => ({
    id: String(k.id),
    label: String(k.label),
    kunci_nilai: k.kunci_nilai === true,
    expected: num(k.expected),
    dinilai: num(k.dinilai),
    percent: percentDone(num(k.dinilai), num(k.expected)),
  }));
  // Lowest % first, like the table; classes with nothing expected last.
  kelas.sort((a, b) => (a.percent ?? 101) - (b.percent ?? 101));
  return {
    title: PENILAIAN_MONITORING_MESSAGES.title(String(res?.periode ?? '')),
    summary: {
      expected,
      dinilai,
      percent: percentDone(dinilai, expected),
      items_total: num(s.items_total),
      items_lengkap: num(s.items_lengkap),
      items_belum: num(s.items_belum),
    },
    kelas,
    heatmap: {
      mapel: parse<Record<string, unknown>[]>(res?.mapel).map((m) => ({
        id: num(m.id),
        label: String(m.label),
      })),
      cells: parse<Record<string, unknown>[]>(res?.cells).map((c) => ({
        rombongan_belajar_id: String(c.rombongan_belajar_id),
        mata_pelajaran_id: num(c.mata_pelajaran_id),
        expected: num(c.expected),
        dinilai: num(c.dinilai),
        percent: percentDone(num(c.dinilai), num(c.expected)),
      })),
    },
    guru_belum: parse<Record<string, unknown>[]>(res?.guru_belum).map((t) => ({
      guru_id: String(t.guru_id),
      nama: String(t.nama),
      belum: num(t.belum),
      expected: num(t.expected),
    })),
  };
}

/** The filters' options: programmes and classes of the semester, teachers of its subjects. */
export async function opsiPenilaian(db: Db, actor: Actor): Promise<MonitoringPenilaianOpsi> {
  requireWaka(actor);
  return kelasOpsi(
    db,
    actor,
    [1, 16],
    sql`exists (select 1 from ${pembelajaran} b where coalesce(b.guru_pengajar_id, b.guru_id) = g.guru_id
      and b.semester_id = ${actor.semesterId} and b.deleted_at is null)`,
  );
}
