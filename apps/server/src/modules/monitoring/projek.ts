import { percentDone, statusOf } from '@erapor/contract/monitoring/counting';
import {
  MONITORING_PROJEK_SORT,
  type MonitoringProjekDetail,
  type MonitoringProjekList,
  type MonitoringProjekNilai,
  type MonitoringProjekOpsi,
  type MonitoringProjekQuery,
  type MonitoringProjekRingkasan,
  type MonitoringProjekRow,
  PROJEK_MONITORING_MESSAGES,
  type ProjekMonitoringMode,
  projekMonitoringMode,
} from '@erapor/contract/monitoring/projek';
import { MAPEL_P5_INDUK } from '@erapor/contract/projek/rules';
import { type SQL, sql } from 'drizzle-orm';
import type { Actor } from '../../actor';
import type { Db } from '../../db/client';
import { liveMember, statusCondition } from '../../db/counting-sql';
import { sqlRows } from '../../db/sql-rows';
import { aspekBudayaKerja, nilaiBudayaKerja, rencanaBudayaKerja } from '../../db/tables/projek';
import { anggotaRombel, guru, pembelajaran, pesertaDidik, rombonganBelajar } from '../../db/tables/referensi';
import {
  refKurikulum,
  refP5Dimensi,
  refP5Elemen,
  refP5Opsi,
  refP5SubElemen,
} from '../../db/tables/referensi-ref';
import { semester } from '../../db/tables/sekolah';
import { catatanWali } from '../../db/tables/wali-kelas';
import { fieldError, notFound } from '../../lib/errors';
import { searchCondition, UNKNOWN_SORT_MESSAGE } from '../../lib/list';
import { checkFilterIds, requireWaka } from './access';
import { kelasOpsi } from './opsi';
import { num, PERCENT_OF_X, pageOf, parseJson, SUMMARY_JSON, summaryOf } from './rows-sql';

/*
 * Monitoring › Nilai Projek (issue #14 item 4; contract monitoring/projek.ts; decision 036).
 * One statement counts every regular class of the school and semester from set-based CTEs (the
 * class's P5 subject and coordinator, its themes, projects and planned sub-elements, its live
 * members, and its live members' scored cells — or, from 20251, their kokurikuler texts), never a
 * query per row. The table pages over it, the summary and the bars aggregate over it once more,
 * and the Excel export reads all of it.
 */

type Filter = Omit<MonitoringProjekQuery, 'page' | 'per_page' | 'sort_by' | 'sort_dir'>;

const KOKURIKULER_TEXT = sql`btrim(c.uraian_deskripsi) <> ''`;

function progressRows(actor: Actor, f: Filter, mode: ProjekMonitoringMode): SQL {
  const cls: SQL[] = [
    sql`r.sekolah_id = ${actor.sekolahId}`,
    sql`r.semester_id = ${actor.semesterId}`,
    sql`r.deleted_at is null and r.jenis_rombel = 1`,
  ];
  if (f.tingkat !== undefined) cls.push(sql`r.tingkat = ${f.tingkat}`);
  if (f.jurusan_sp_id) cls.push(sql`r.jurusan_sp_id = ${f.jurusan_sp_id}`);
  if (f.rombongan_belajar_id) cls.push(sql`r.rombongan_belajar_id = ${f.rombongan_belajar_id}`);
  const guruId = mode === 'p5' ? sql`p5.guru_id` : sql`cls.wali_id`;
  const outer: SQL[] =
    mode === 'p5' ? [sql`(cls.merdeka or p5.pembelajaran_id is not null or pj.projek is not null)`] : [];
  if (f.guru_id) outer.push(sql`${guruId} = ${f.guru_id}`);
  const search = searchCondition(f.q, [sql`cls.nama`, sql`g.nama`]);
  if (search) outer.push(search);
  const expected = mode === 'p5' ? sql`coalesce(mem.n, 0) * coalesce(pj.sub, 0)` : sql`coalesce(mem.n, 0)`;
  const dinilai = mode === 'p5' ? sql`coalesce(sc.n, 0)` : sql`coalesce(mem.kok, 0)`;
  return sql`with cls as materialized (select r.rombongan_belajar_id, r.nama, r.tingkat, r.guru_id as wali_id,
        coalesce(k.nama_kurikulum ilike '%merdeka%', false) as merdeka
      from ${rombonganBelajar} r left join ${refKurikulum} k on k.kurikulum_id = r.kurikulum_id
      where ${sql.join(cls, sql` and `)}),
    p5 as (select distinct on (b.rombongan_belajar_id) b.rombongan_belajar_id, b.pembelajaran_id,
        coalesce(b.guru_pengajar_id, b.guru_id) as guru_id
      from ${pembelajaran} b join cls on cls.rombongan_belajar_id = b.rombongan_belajar_id
      where b.mata_pelajaran_id = ${MAPEL_P5_INDUK} and b.deleted_at is null
      order by b.rombongan_belajar_id, b.pembelajaran_id),
    tema as (select p5.rombongan_belajar_id, count(*)::int as n from ${pembelajaran} c
      join p5 on c.induk_pembelajaran_id = p5.pembelajaran_id where c.deleted_at is null group by 1),
    pj as (select rb.rombongan_belajar_id, count(distinct rb.rencana_budaya_kerja_id)::int as projek,
        count(ab.aspek_budaya_kerja_id)::int as sub
      from ${rencanaBudayaKerja} rb join cls on cls.rombongan_belajar_id = rb.rombongan_belajar_id
      left join ${aspekBudayaKerja} ab on ab.rencana_budaya_kerja_id = rb.rencana_budaya_kerja_id
      where rb.sekolah_id = ${actor.sekolahId} group by 1),
    mem as (select a.rombongan_belajar_id, count(*)::int as n, count(c.catatan_wali_id)::int as kok
      from ${anggotaRombel} a join cls on cls.rombongan_belajar_id = a.rombongan_belajar_id
      left join ${catatanWali} c on c.anggota_rombel_id = a.anggota_rombel_id and c.type = 'kokurikuler'
        and ${KOKURIKULER_TEXT}
      where ${liveMember(actor.semesterId)} group by 1),
    sc as (select rb.rombongan_belajar_id, count(*)::int as n
      from ${rencanaBudayaKerja} rb join cls on cls.rombongan_belajar_id = rb.rombongan_belajar_id
      join ${aspekBudayaKerja} ab on ab.rencana_budaya_kerja_id = rb.rencana_budaya_kerja_id
      join ${nilaiBudayaKerja} nb on nb.aspek_budaya_kerja_id = ab.aspek_budaya_kerja_id
      join ${anggotaRombel} a on a.anggota_rombel_id = nb.anggota_rombel_id
        and a.rombongan_belajar_id = rb.rombongan_belajar_id
      where rb.sekolah_id = ${actor.sekolahId} and ${liveMember(actor.semesterId)} group by 1)
    select cls.rombongan_belajar_id, cls.nama as rombel, cls.tingkat, ${guruId} as guru_id, g.nama as guru,
      coalesce(tema.n, 0) as jumlah_tema, coalesce(pj.projek, 0) as jumlah_projek,
      coalesce(pj.sub, 0) as jumlah_sub_elemen, ${expected} as expected, ${dinilai} as dinilai,
      ${mode === 'p5' ? sql`(cls.merdeka and pj.projek is null)` : sql`false`} as tanpa_projek
    from cls
    left join p5 on p5.rombongan_belajar_id = cls.rombongan_belajar_id
    left join ${guru} g on g.guru_id = ${guruId}
    left join tema on tema.rombongan_belajar_id = cls.rombongan_belajar_id
    left join pj on pj.rombongan_belajar_id = cls.rombongan_belajar_id
    left join mem on mem.rombongan_belajar_id = cls.rombongan_belajar_id
    left join sc on sc.rombongan_belajar_id = cls.rombongan_belajar_id
    ${outer.length ? sql`where ${sql.join(outer, sql` and `)}` : sql``}`;
}

function filtered(actor: Actor, f: Filter, mode: ProjekMonitoringMode): SQL {
  return sql`(select * from (${progressRows(actor, f, mode)}) x where ${statusCondition(f.status)}) x`;
}

const SORT: Record<(typeof MONITORING_PROJEK_SORT)[number], SQL> = {
  percent: PERCENT_OF_X,
  rombel: sql`x.rombel`,
  guru: sql`x.guru`,
  jumlah_tema: sql`x.jumlah_tema`,
  jumlah_projek: sql`x.jumlah_projek`,
  jumlah_sub_elemen: sql`x.jumlah_sub_elemen`,
  expected: sql`x.expected`,
  dinilai: sql`x.dinilai`,
};
const KEY = sql`x.tingkat, x.rombel, x.rombongan_belajar_id`;
const DEFAULT_ORDER = sql`${PERCENT_OF_X} asc nulls last, ${KEY}`;

function toRow(r: Record<string, unknown>): MonitoringProjekRow {
  const expected = num(r.expected);
  const dinilai = num(r.dinilai);
  return {
    rombongan_belajar_id: String(r.rombongan_belajar_id),
    rombel: String(r.rombel),
    tingkat: num(r.tingkat),
    guru_id: r.guru_id == null ? null : String(r.guru_id),
    guru: r.guru == null ? null : String(r.guru),
    jumlah_tema: num(r.jumlah_tema),
    jumlah_projek: num(r.jumlah_projek),
    jumlah_sub_elemen: num(r.jumlah_sub_elemen),
    expected,
    dinilai,
    percent: percentDone(dinilai, expected),
    status: statusOf(dinilai, expected),
    tanpa_projek: r.tanpa_projek === true || r.tanpa_projek === 't',
  };
}

/** The table: one page, lowest % first by default (nothing expected last). */
export async function listProjekProgress(
  db: Db,
  actor: Actor,
  query: MonitoringProjekQuery,
): Promise<MonitoringProjekList> {
  requireWaka(actor);
  const sortName = query.sort_by ?? 'percent';
  if (!Object.hasOwn(SORT, sortName))
    throw fieldError('sort_by', UNKNOWN_SORT_MESSAGE(sortName, [...MONITORING_PROJEK_SORT]), 400);
  await checkFilterIds(db, actor, query);
  const mode = projekMonitoringMode(actor.semesterId);
  const dir = query.sort_dir === 'desc' ? sql`desc` : sql`asc`;
  const { rows, total } = await pageOf(
    db,
    filtered(actor, query, mode),
    sql`${SORT[sortName as keyof typeof SORT]} ${dir} nulls last, ${KEY}`,
    query,
  );
  return { data: rows.map(toRow), total, page: query.page, per_page: query.per_page, mode };
}

/** Every filtered row in the table's default order (the Excel export). */
export async function allProjekRows(
  db: Db,
  actor: Actor,
  query: Filter,
): Promise<{ mode: ProjekMonitoringMode; rows: MonitoringProjekRow[] }> {
  requireWaka(actor);
  await checkFilterIds(db, actor, query);
  const mode = projekMonitoringMode(actor.semesterId);
  const rows = await sqlRows<Record<string, unknown>>(
    db,
    sql`select x.* from ${filtered(actor, query, mode)} order by ${DEFAULT_ORDER}`,
  );
  return { mode, rows: rows.map(toRow) };
}

/** Summary strip and a bar per class — one statement over the same rows. */
export async function ringkasanProjek(
  db: Db,
  actor: Actor,
  query: Filter,
): Promise<MonitoringProjekRingkasan> {
  requireWaka(actor);
  await checkFilterIds(db, actor, query);
  const mode = projekMonitoringMode(actor.semesterId);
  const [res] = await sqlRows<Record<string, unknown>>(
    db,
    sql`with x as (select * from ${filtered(actor, query, mode)})
    select ${SUMMARY_JSON} as summary,
      (select count(*)::int from x where tanpa_projek) as tanpa_projek,
      (select coalesce(json_agg(json_build_object('id', rombongan_belajar_id, 'label', rombel,
          'expected', expected, 'dinilai', dinilai, 'tanpa_projek', tanpa_projek)
        order by ${DEFAULT_ORDER}), '[]'::json) from x) as kelas,
      (select nama from ${semester} where semester_id = ${actor.semesterId}) as periode`,
  );
  const periode = String(res?.periode ?? '');
  return {
    title:
      mode === 'p5'
        ? PROJEK_MONITORING_MESSAGES.title(periode)
        : PROJEK_MONITORING_MESSAGES.titleKokurikuler(periode),
    mode,
    summary: { ...summaryOf(parseJson(res?.summary)), tanpa_projek: num(res?.tanpa_projek) },
    kelas: parseJson<Record<string, unknown>[]>(res?.kelas).map((k) => ({
      id: String(k.id),
      label: String(k.label),
      expected: num(k.expected),
      dinilai: num(k.dinilai),
      percent: percentDone(num(k.dinilai), num(k.expected)),
      tanpa_projek: k.tanpa_projek === true,
    })),
  };
}

/** The filters' options: regular classes; Guru = the coordinators (p5) or the wali kelas (kokurikuler). */
export async function opsiProjek(db: Db, actor: Actor): Promise<MonitoringProjekOpsi> {
  requireWaka(actor);
  const guruExists =
    projekMonitoringMode(actor.semesterId) === 'p5'
      ? sql`exists (select 1 from ${pembelajaran} b where coalesce(b.guru_pengajar_id, b.guru_id) = g.guru_id
          and b.mata_pelajaran_id = ${MAPEL_P5_INDUK} and b.semester_id = ${actor.semesterId} and b.deleted_at is null)`
      : sql`exists (select 1 from ${rombonganBelajar} r where r.guru_id = g.guru_id and r.jenis_rombel = 1
          and r.semester_id = ${actor.semesterId} and r.deleted_at is null)`;
  return kelasOpsi(db, actor, [1], guruExists);
}

/** Detil of a class: its projects (p5) or its live members' kokurikuler texts (kokurikuler). */
export async function detailProjekKelas(
  db: Db,
  actor: Actor,
  rombelId: string,
): Promise<MonitoringProjekDetail> {
  requireWaka(actor);
  const mode = projekMonitoringMode(actor.semesterId);
  const [head] = await sqlRows<Record<string, unknown>>(
    db,
    sql`select r.nama, coalesce(${
      mode === 'p5'
        ? sql`(select g.nama from ${pembelajaran} b join ${guru} g on g.guru_id = coalesce(b.guru_pengajar_id, b.guru_id)
            where b.rombongan_belajar_id = r.rombongan_belajar_id and b.mata_pelajaran_id = ${MAPEL_P5_INDUK}
              and b.deleted_at is null order by b.pembelajaran_id limit 1)`
        : sql`(select g.nama from ${guru} g where g.guru_id = r.guru_id)`
    }) as guru
      from ${rombonganBelajar} r
      where r.rombongan_belajar_id = ${rombelId} and r.sekolah_id = ${actor.sekolahId}
        and r.semester_id = ${actor.semesterId} and r.deleted_at is null and r.jenis_rombel = 1`,
  );
  if (!head) throw notFound(PROJEK_MONITORING_MESSAGES.rombelNotFound);
  const rombel = { nama: String(head.nama), guru: head.guru == null ? null : String(head.guru) };
  if (mode === 'p5') {
    const rows = await sqlRows<Record<string, unknown>>(
      db,
      sql`with live as (select a.anggota_rombel_id from ${anggotaRombel} a
          where a.rombongan_belajar_id = ${rombelId} and ${liveMember(actor.semesterId)})
        select rb.rencana_budaya_kerja_id, rb.no_urut, t.nama_mata_pelajaran as tema, rb.nama,
          (select count(*)::int from ${aspekBudayaKerja} ab where ab.rencana_budaya_kerja_id = rb.rencana_budaya_kerja_id) as sub,
          (select count(*)::int from live) as members,
          (select count(*)::int from ${aspekBudayaKerja} ab
            join ${nilaiBudayaKerja} nb on nb.aspek_budaya_kerja_id = ab.aspek_budaya_kerja_id
            join live on live.anggota_rombel_id = nb.anggota_rombel_id
            where ab.rencana_budaya_kerja_id = rb.rencana_budaya_kerja_id) as dinilai
        from ${rencanaBudayaKerja} rb join ${pembelajaran} t on t.pembelajaran_id = rb.pembelajaran_id
        where rb.rombongan_belajar_id = ${rombelId} and rb.sekolah_id = ${actor.sekolahId}
        order by rb.no_urut, rb.rencana_budaya_kerja_id`,
    );
    return {
      mode,
      rombel,
      projek: rows.map((r) => ({
        rencana_budaya_kerja_id: String(r.rencana_budaya_kerja_id),
        no_urut: num(r.no_urut),
        tema: String(r.tema),
        nama: String(r.nama),
        jumlah_sub_elemen: num(r.sub),
        expected: num(r.sub) * num(r.members),
        dinilai: num(r.dinilai),
      })),
      siswa: [],
    };
  }
  const rows = await sqlRows<Record<string, unknown>>(
    db,
    sql`select a.anggota_rombel_id, p.nama, p.nisn, c.uraian_deskripsi
      from ${anggotaRombel} a join ${pesertaDidik} p on p.peserta_didik_id = a.peserta_didik_id
      left join ${catatanWali} c on c.anggota_rombel_id = a.anggota_rombel_id and c.type = 'kokurikuler'
        and ${KOKURIKULER_TEXT}
      where a.rombongan_belajar_id = ${rombelId} and ${liveMember(actor.semesterId)}
      order by p.nama, a.anggota_rombel_id`,
  );
  return {
    mode,
    rombel,
    projek: [],
    siswa: rows.map((r) => ({
      anggota_rombel_id: String(r.anggota_rombel_id),
      nama: String(r.nama),
      nisn: r.nisn == null ? null : String(r.nisn),
      kokurikuler: r.uraian_deskripsi == null ? null : String(r.uraian_deskripsi),
      dinilai: r.uraian_deskripsi != null,
    })),
  };
}

/** Detil of a project: every live member × planned sub-element with its level, by name. */
export async function detailProjekNilai(
  db: Db,
  actor: Actor,
  rencanaId: string,
): Promise<MonitoringProjekNilai> {
  requireWaka(actor);
  const [head] = await sqlRows<Record<string, unknown>>(
    db,
    sql`select rb.rombongan_belajar_id, r.nama as rombel, t.nama_mata_pelajaran as tema, rb.nama, rb.deskripsi
      from ${rencanaBudayaKerja} rb
      join ${rombonganBelajar} r on r.rombongan_belajar_id = rb.rombongan_belajar_id
      join ${pembelajaran} t on t.pembelajaran_id = rb.pembelajaran_id
      where rb.rencana_budaya_kerja_id = ${rencanaId} and rb.sekolah_id = ${actor.sekolahId}
        and r.sekolah_id = ${actor.sekolahId} and r.semester_id = ${actor.semesterId} and r.deleted_at is null`,
  );
  if (!head) throw notFound(PROJEK_MONITORING_MESSAGES.projekNotFound);
  const rows = await sqlRows<Record<string, unknown>>(
    db,
    sql`select a.anggota_rombel_id, p.nama, p.nisn, d.dimensi, e.elemen, s.sub_elemen, o.nama as nilai
      from ${anggotaRombel} a join ${pesertaDidik} p on p.peserta_didik_id = a.peserta_didik_id
      join ${aspekBudayaKerja} ab on ab.rencana_budaya_kerja_id = ${rencanaId}
      join ${refP5SubElemen} s on s.no = ab.elemen_id
      left join ${refP5Elemen} e on e.no = s.kode_elemen
      left join ${refP5Dimensi} d on d.no = ab.budaya_kerja_id
      left join ${nilaiBudayaKerja} nb on nb.aspek_budaya_kerja_id = ab.aspek_budaya_kerja_id
        and nb.anggota_rombel_id = a.anggota_rombel_id
      left join ${refP5Opsi} o on o.opsi_id = nb.opsi_id
      where a.rombongan_belajar_id = ${String(head.rombongan_belajar_id)} and ${liveMember(actor.semesterId)}
      order by p.nama, a.anggota_rombel_id, ab.budaya_kerja_id, ab.elemen_id`,
  );
  return {
    projek: {
      rombel: String(head.rombel),
      tema: String(head.tema),
      nama: String(head.nama),
      deskripsi: String(head.deskripsi),
    },
    data: rows.map((r) => ({
      anggota_rombel_id: String(r.anggota_rombel_id),
      nama: String(r.nama),
      nisn: r.nisn == null ? null : String(r.nisn),
      dimensi: String(r.dimensi ?? '-'),
      elemen: String(r.elemen ?? '-'),
      sub_elemen: String(r.sub_elemen),
      nilai: r.nilai == null ? null : String(r.nilai),
    })),
  };
}
