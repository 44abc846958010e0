import { percentDone, statusOf } from '@erapor/contract/monitoring/counting';
import {
  EKSKUL_MONITORING_MESSAGES,
  MONITORING_EKSKUL_SORT,
  type MonitoringEkskulDetail,
  type MonitoringEkskulList,
  type MonitoringEkskulOpsi,
  type MonitoringEkskulQuery,
  type MonitoringEkskulRingkasan,
  type MonitoringEkskulRow,
} from '@erapor/contract/monitoring/ekskul';
import { predikatEkskul } from '@erapor/contract/penilaian/ekskul';
import { type SQL, sql } from 'drizzle-orm';
import type { Actor } from '../../actor';
import type { Db } from '../../db/client';
import { liveMember, statusCondition } from '../../db/counting-sql';
import { sqlRows } from '../../db/sql-rows';
import { nilaiEkstrakurikuler } from '../../db/tables/penilaian';
import {
  anggotaRombel,
  ekstrakurikuler,
  guru,
  pesertaDidik,
  rombonganBelajar,
} from '../../db/tables/referensi';
import { semester } from '../../db/tables/sekolah';
import { fieldError, notFound } from '../../lib/errors';
import { searchCondition, UNKNOWN_SORT_MESSAGE } from '../../lib/list';
import { checkFilterIds, requireWaka } from './access';
import { num, PERCENT_OF_X, pageOf, parseJson, SUMMARY_JSON, summaryOf } from './rows-sql';

/*
 * Monitoring › Nilai Ekstrakurikuler (issue #14 item 5; contract monitoring/ekskul.ts; decision 036).
 * One grouped statement counts every ekskul of the school and semester: its jenis-51 rombel's live
 * members (counting-sql.ts liveMember: the shared rule) outer-joined to their nilai_ekstrakurikuler
 * (unique per member and ekskul). The table pages over it; the summary and the bars aggregate over
 * it in one more statement; the Excel export reads all of it.
 */

type Filter = Pick<MonitoringEkskulQuery, 'guru_id' | 'status'> & { q?: string | undefined };

/** The pembina: ekstrakurikuler.guru_id, else the guru of its rombel (as the pembina's own screen). */
const PEMBINA = sql`coalesce(e.guru_id, r.guru_id)`;

function progressRows(actor: Actor, f: Filter): SQL {
  const where: SQL[] = [
    sql`e.sekolah_id = ${actor.sekolahId}`,
    sql`e.semester_id = ${actor.semesterId}`,
    sql`e.deleted_at is null`,
  ];
  if (f.guru_id) where.push(sql`${PEMBINA} = ${f.guru_id}`);
  const search = searchCondition(f.q, [sql`e.nama_ekskul`, sql`g.nama`]);
  if (search) where.push(search);
  return sql`select e.ekstrakurikuler_id, e.nama_ekskul, ${PEMBINA} as guru_id, g.nama as guru,
      count(a.anggota_rombel_id)::int as expected, count(n.anggota_rombel_id)::int as dinilai
    from ${ekstrakurikuler} e
    left join ${rombonganBelajar} r on r.rombongan_belajar_id = e.rombongan_belajar_id and r.deleted_at is null
    left join ${guru} g on g.guru_id = ${PEMBINA}
    left join ${anggotaRombel} a on a.rombongan_belajar_id = r.rombongan_belajar_id and ${liveMember(actor.semesterId)}
    left join ${nilaiEkstrakurikuler} n
      on n.anggota_rombel_id = a.anggota_rombel_id and n.ekstrakurikuler_id = e.ekstrakurikuler_id
    where ${sql.join(where, sql` and `)}
    group by e.ekstrakurikuler_id, r.rombongan_belajar_id, g.guru_id`;
}

function filtered(actor: Actor, f: Filter): SQL {
  return sql`(select * from (${progressRows(actor, f)}) x where ${statusCondition(f.status)}) x`;
}

const PERCENT = PERCENT_OF_X;
const SORT: Record<(typeof MONITORING_EKSKUL_SORT)[number], SQL> = {
  percent: PERCENT,
  nama_ekskul: sql`x.nama_ekskul`,
  guru: sql`x.guru`,
  expected: sql`x.expected`,
  dinilai: sql`x.dinilai`,
};
const KEY = sql`x.nama_ekskul, x.ekstrakurikuler_id`;

function toRow(r: Record<string, unknown>): MonitoringEkskulRow {
  const expected = Number(r.expected);
  const dinilai = Number(r.dinilai);
  return {
    ekstrakurikuler_id: String(r.ekstrakurikuler_id),
    nama_ekskul: String(r.nama_ekskul),
    guru_id: r.guru_id == null ? null : String(r.guru_id),
    guru: r.guru == null ? null : String(r.guru),
    expected,
    dinilai,
    percent: percentDone(dinilai, expected),
    status: statusOf(dinilai, expected),
  };
}

/** The table: one page, lowest % first by default (nothing expected last). */
export async function listEkskulProgress(
  db: Db,
  actor: Actor,
  query: MonitoringEkskulQuery,
): Promise<MonitoringEkskulList> {
  requireWaka(actor);
  const sortName = query.sort_by ?? 'percent';
  if (!Object.hasOwn(SORT, sortName))
    throw fieldError('sort_by', UNKNOWN_SORT_MESSAGE(sortName, [...MONITORING_EKSKUL_SORT]), 400);
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
export async function allEkskulRows(db: Db, actor: Actor, query: Filter): Promise<MonitoringEkskulRow[]> {
  requireWaka(actor);
  await checkFilterIds(db, actor, query);
  const rows = await sqlRows<Record<string, unknown>>(
    db,
    sql`select x.* from ${filtered(actor, query)} order by ${PERCENT} asc nulls last, ${KEY}`,
  );
  return rows.map(toRow);
}

/** Summary strip and a bar per ekskul — one statement over the same rows. */
export async function ringkasanEkskul(
  db: Db,
  actor: Actor,
  query: Filter,
): Promise<MonitoringEkskulRingkasan> {
  requireWaka(actor);
  await checkFilterIds(db, actor, query);
  const [res] = await sqlRows<Record<string, unknown>>(
    db,
    sql`with x as (select * from ${filtered(actor, query)})
    select ${SUMMARY_JSON} as summary,
      (select coalesce(json_agg(json_build_object('id', ekstrakurikuler_id, 'label', nama_ekskul,
          'expected', expected, 'dinilai', dinilai)
        order by ${PERCENT} asc nulls last, ${KEY}), '[]'::json) from x) as ekskul,
      (select nama from ${semester} where semester_id = ${actor.semesterId}) as periode`,
  );
  return {
    title: EKSKUL_MONITORING_MESSAGES.title(String(res?.periode ?? '')),
    summary: summaryOf(parseJson(res?.summary)),
    ekskul: parseJson<Record<string, unknown>[]>(res?.ekskul).map((k) => ({
      id: String(k.id),
      label: String(k.label),
      expected: num(k.expected),
      dinilai: num(k.dinilai),
      percent: percentDone(num(k.dinilai), num(k.expected)),
    })),
  };
}

/** The Pembina filter's options: the pembina of the semester's ekskul. */
export async function opsiEkskul(db: Db, actor: Actor): Promise<MonitoringEkskulOpsi> {
  requireWaka(actor);
  const rows = await sqlRows<Record<string, unknown>>(
    db,
    sql`select distinct g.guru_id, g.nama from ${ekstrakurikuler} e
      left join ${rombonganBelajar} r on r.rombongan_belajar_id = e.rombongan_belajar_id
      join ${guru} g on g.guru_id = ${PEMBINA} and g.sekolah_id = ${actor.sekolahId}
      where e.sekolah_id = ${actor.sekolahId} and e.semester_id = ${actor.semesterId} and e.deleted_at is null
      order by g.nama, g.guru_id`,
  );
  return { guru: rows.map((g) => ({ value: String(g.guru_id), label: String(g.nama) })) };
}

/** Detil: the live members with their regular class, Predikat and Deskripsi; ungraded ones flagged. */
export async function detailEkskul(
  db: Db,
  actor: Actor,
  ekstrakurikulerId: string,
): Promise<MonitoringEkskulDetail> {
  requireWaka(actor);
  const [head] = await sqlRows<Record<string, unknown>>(
    db,
    sql`select e.nama_ekskul, g.nama as guru, r.rombongan_belajar_id from ${ekstrakurikuler} e
      left join ${rombonganBelajar} r on r.rombongan_belajar_id = e.rombongan_belajar_id and r.deleted_at is null
      left join ${guru} g on g.guru_id = ${PEMBINA}
      where e.ekstrakurikuler_id = ${ekstrakurikulerId} and e.sekolah_id = ${actor.sekolahId}
        and e.semester_id = ${actor.semesterId} and e.deleted_at is null`,
  );
  if (!head) throw notFound(EKSKUL_MONITORING_MESSAGES.notFound);
  const rows =
    head.rombongan_belajar_id == null
      ? []
      : await sqlRows<Record<string, unknown>>(
          db,
          sql`select a.anggota_rombel_id, p.nama, p.nisn, k.nama as kelas, n.nilai, n.deskripsi_ekskul
        from ${anggotaRombel} a
        join ${pesertaDidik} p on p.peserta_didik_id = a.peserta_didik_id
        left join lateral (
          select r.nama from ${anggotaRombel} a2
          join ${rombonganBelajar} r on r.rombongan_belajar_id = a2.rombongan_belajar_id
          where a2.peserta_didik_id = a.peserta_didik_id and a2.semester_id = ${actor.semesterId}
            and a2.deleted_at is null and r.jenis_rombel = 1 and r.deleted_at is null
          order by r.nama limit 1
        ) k on true
        left join ${nilaiEkstrakurikuler} n
          on n.anggota_rombel_id = a.anggota_rombel_id and n.ekstrakurikuler_id = ${ekstrakurikulerId}
        where a.rombongan_belajar_id = ${String(head.rombongan_belajar_id)} and ${liveMember(actor.semesterId)}
        order by k.nama nulls last, p.nama, a.anggota_rombel_id`,
        );
  return {
    ekskul: { nama: String(head.nama_ekskul), guru: head.guru == null ? null : String(head.guru) },
    data: rows.map((r) => ({
      anggota_rombel_id: String(r.anggota_rombel_id),
      nama: String(r.nama),
      nisn: r.nisn == null ? null : String(r.nisn),
      kelas: r.kelas == null ? null : String(r.kelas),
      predikat: r.nilai == null ? null : predikatEkskul(Number(r.nilai)),
      deskripsi: r.deskripsi_ekskul == null ? null : String(r.deskripsi_ekskul),
      dinilai: r.nilai != null,
    })),
  };
}
