import { EXCEL_FORMAT, excelWaktu, formatTanggalTabel } from '@erapor/contract/format';
import {
  jenisRiwayatLabel,
  RIWAYAT_NILAI_MESSAGES,
  type RiwayatNilaiFilter,
  type RiwayatNilaiList,
  type RiwayatNilaiOpsi,
  type RiwayatNilaiQuery,
  type RiwayatNilaiRow,
  SUMBER_LABEL,
} from '@erapor/contract/riwayat-nilai';
import { type SQL, sql } from 'drizzle-orm';
import type { Actor } from '../../actor';
import type { Db } from '../../db/client';
import { sqlRows } from '../../db/sql-rows';
import { monitoringWorkbook, sheetContext } from '../../lib/excel-sheet';
import { assertFilterInScope, scopeSql, seesAll } from './access';

/** The most rows an export holds (a whole semester of a large school stays far below). */
const MAX_EXPORT = 100_000;

const SORT_SQL: Record<RiwayatNilaiQuery['sort_by'], SQL> = {
  waktu: sql`r.waktu`,
  rombel: sql`rb.nama`,
  mata_pelajaran: sql`p.nama_mata_pelajaran`,
  peserta_didik: sql`coalesce(pd.nama, pd2.nama)`,
  pengguna: sql`r.nama_pengguna`,
  jenis: sql`r.jenis`,
};

/** The WHERE of a filtered view: the caller's scope and the filters. */
function whereOf(actor: Actor, f: RiwayatNilaiFilter & { q?: string | undefined }): SQL {
  const parts: SQL[] = [scopeSql(actor)];
  if (f.rombongan_belajar_id) parts.push(sql`r.rombongan_belajar_id = ${f.rombongan_belajar_id}`);
  if (f.pembelajaran_id) parts.push(sql`r.pembelajaran_id = ${f.pembelajaran_id}`);
  if (f.anggota_rombel_id) parts.push(sql`r.anggota_rombel_id = ${f.anggota_rombel_id}`);
  if (f.kunci !== undefined) parts.push(sql`r.kunci = ${f.kunci}`);
  if (f.peserta_didik_id) {
    parts.push(sql`(r.peserta_didik_id = ${f.peserta_didik_id} or r.anggota_rombel_id in (
      select ar.anggota_rombel_id from anggota_rombel ar where ar.peserta_didik_id = ${f.peserta_didik_id}))`);
  }
  if (f.user_id) parts.push(sql`r.user_id = ${f.user_id}`);
  // Days are the school's (WIB), whatever the server's time zone.
  if (f.dari) parts.push(sql`r.waktu >= (${f.dari}::date::timestamp at time zone 'Asia/Jakarta')`);
  if (f.sampai) {
    parts.push(sql`r.waktu < ((${f.sampai}::date + 1)::timestamp at time zone 'Asia/Jakarta')`);
  }
  if (f.q) {
    const like = `%${f.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    parts.push(sql`(coalesce(pd.nama, pd2.nama) ilike ${like} or p.nama_mata_pelajaran ilike ${like}
      or r.nama_pengguna ilike ${like} or rb.nama ilike ${like} or r.nilai_lama ilike ${like}
      or r.nilai_baru ilike ${like} or tp.deskripsi ilike ${like})`);
  }
  return sql.join(parts, sql` and `);
}

const FROM = sql`from riwayat_nilai r
  left join rombongan_belajar rb on rb.rombongan_belajar_id = r.rombongan_belajar_id
  left join pembelajaran p on p.pembelajaran_id = r.pembelajaran_id
  left join anggota_rombel ar on ar.anggota_rombel_id = r.anggota_rombel_id
  left join peserta_didik pd on pd.peserta_didik_id = ar.peserta_didik_id
  left join peserta_didik pd2 on pd2.peserta_didik_id = r.peserta_didik_id
  left join tujuan_pembelajaran tp
    on r.jenis in ('nilai_tp', 'ketercapaian', 'pkl') and tp.tp_id::text = r.kunci`;

interface DbRow extends Record<string, unknown> {
  riwayat_nilai_id: string | number;
  waktu: Date | string;
  user_id: string | null;
  pengguna: string;
  peran: string;
  rombel: string | null;
  mata_pelajaran: string | null;
  peserta_didik: string | null;
  nisn: string | null;
  jenis: string;
  kunci: string;
  nilai_lama: string | null;
  nilai_baru: string | null;
  sumber: string;
  total?: string | number;
}

const SELECT = sql`select r.riwayat_nilai_id, r.waktu, r.user_id, r.nama_pengguna as pengguna, r.peran,
  rb.nama as rombel, p.nama_mata_pelajaran as mata_pelajaran,
  coalesce(pd.nama, pd2.nama) as peserta_didik, coalesce(pd.nisn, pd2.nisn) as nisn,
  r.jenis, coalesce(tp.deskripsi, r.kunci) as kunci, r.nilai_lama, r.nilai_baru, r.sumber`;

const toRow = (r: DbRow): RiwayatNilaiRow => ({
  riwayat_nilai_id: Number(r.riwayat_nilai_id),
  waktu: new Date(r.waktu).toISOString(),
  user_id: r.user_id,
  pengguna: r.pengguna,
  peran: r.peran,
  rombel: r.rombel,
  mata_pelajaran: r.mata_pelajaran,
  peserta_didik: r.peserta_didik,
  nisn: r.nisn,
  jenis: r.jenis,
  kunci: r.kunci,
  nilai_lama: r.nilai_lama,
  nilai_baru: r.nilai_baru,
  sumber: r.sumber,
});

function orderOf(q: Pick<RiwayatNilaiQuery, 'sort_by' | 'sort_dir'>): SQL {
  const dir = q.sort_dir === 'asc' ? sql`asc` : sql`desc`;
  // Ties keep the order of writing, so a page never repeats or skips an entry.
  return sql`order by ${SORT_SQL[q.sort_by]} ${dir} nulls last, r.riwayat_nilai_id ${dir}`;
}

export async function listRiwayat(db: Db, actor: Actor, q: RiwayatNilaiQuery): Promise<RiwayatNilaiList> {
  await assertFilterInScope(db, actor, q);
  const rows = await sqlRows<DbRow>(
    db,
    sql`${SELECT}, count(*) over () as total ${FROM} where ${whereOf(actor, q)}
        ${orderOf(q)} limit ${q.per_page} offset ${(q.page - 1) * q.per_page}`,
  );
  let total = Number(rows[0]?.total ?? 0);
  if (rows.length === 0 && q.page > 1) {
    const [c] = await sqlRows<{ n: string | number }>(
      db,
      sql`select count(*) as n ${FROM} where ${whereOf(actor, q)}`,
    );
    total = Number(c?.n ?? 0);
  }
  return { data: rows.map(toRow), total, page: q.page, per_page: q.per_page };
}

/** "Unduh Excel": every entry of the filtered view, in its order. */
export async function excelRiwayat(
  db: Db,
  actor: Actor,
  q: RiwayatNilaiQuery,
): Promise<{ data: Buffer; filename: string }> {
  await assertFilterInScope(db, actor, q);
  const rows = (
    await sqlRows<DbRow>(
      db,
      sql`${SELECT} ${FROM} where ${whereOf(actor, q)} ${orderOf(q)} limit ${MAX_EXPORT}`,
    )
  ).map(toRow);
  const filters: [string, string][] = [];
  const opsi = await opsiRiwayat(db, actor, { rombongan_belajar_id: q.rombongan_belajar_id });
  const label = (list: { value: string; label: string }[], id: string | undefined) =>
    id ? (list.find((o) => o.value === id)?.label ?? '-') : 'Semua';
  filters.push(['Rombel', label(opsi.rombel, q.rombongan_belajar_id)]);
  filters.push(['Mata Pelajaran', label(opsi.pembelajaran, q.pembelajaran_id)]);
  filters.push(['Peserta Didik', label(opsi.peserta_didik, q.peserta_didik_id)]);
  filters.push(['Diubah oleh', label(opsi.pengguna, q.user_id)]);
  filters.push([
    'Tanggal',
    q.dari || q.sampai
      ? `${formatTanggalTabel(q.dari) || '…'} s.d. ${formatTanggalTabel(q.sampai) || '…'}`
      : 'Semua',
  ]);
  if (q.q) filters.push(['Cari', q.q]);
  const data = await monitoringWorkbook({
    title: RIWAYAT_NILAI_MESSAGES.excelTitle,
    ...(await sheetContext(db, actor)),
    filters,
    dibuat: new Date(),
    columns: RIWAYAT_EXCEL_COLUMNS,
    rows: rows.map((r) => [
      excelWaktu(new Date(r.waktu), 'Asia/Jakarta'),
      r.pengguna,
      r.rombel,
      r.mata_pelajaran,
      r.peserta_didik,
      jenisRiwayatLabel(r.jenis),
      r.kunci || null,
      r.nilai_lama,
      r.nilai_baru,
      SUMBER_LABEL[r.sumber] ?? r.sumber,
    ]),
  });
  return { data, filename: `riwayat-perubahan-nilai-${actor.semesterId}.xlsx` };
}

export const RIWAYAT_EXCEL_COLUMNS = [
  { header: 'Waktu', width: 20, numFmt: EXCEL_FORMAT.waktuDetik },
  { header: 'Diubah oleh', width: 28 },
  { header: 'Rombel', width: 16 },
  { header: 'Mata Pelajaran', width: 30 },
  { header: 'Peserta Didik', width: 30 },
  { header: 'Jenis Nilai', width: 24 },
  { header: 'Kolom', width: 30 },
  { header: 'Nilai Lama', width: 24 },
  { header: 'Nilai Baru', width: 24 },
  { header: 'Sumber', width: 14 },
] as const;

/** The filters' options, within the caller's scope. */
export async function opsiRiwayat(
  db: Db,
  actor: Actor,
  f: { rombongan_belajar_id?: string | undefined },
): Promise<RiwayatNilaiOpsi> {
  await assertFilterInScope(db, actor, f);
  const all = seesAll(actor);
  const g = actor.guruId;
  const waliJenis = [
    ...(actor.roles.includes('wali') ? [1] : []),
    ...(actor.roles.includes('pilihan') ? [16] : []),
    -1,
  ];
  const jenisList = sql.join(
    waliJenis.map((j) => sql`${j}`),
    sql`, `,
  );
  const teaches = actor.roles.includes('guru');
  const mine = all
    ? sql`true`
    : sql`((${teaches} and (p.guru_id = ${g} or p.guru_pengajar_id = ${g}))
          or (rb.guru_id = ${g} and rb.jenis_rombel in (${jenisList})))`;
  const pembelajaran = await sqlRows<{ value: string; label: string; rombongan_belajar_id: string }>(
    db,
    sql`select p.pembelajaran_id as value, p.nama_mata_pelajaran || ' — ' || rb.nama as label,
          p.rombongan_belajar_id
        from pembelajaran p join rombongan_belajar rb on rb.rombongan_belajar_id = p.rombongan_belajar_id
        where p.sekolah_id = ${actor.sekolahId} and p.semester_id = ${actor.semesterId}
          and p.deleted_at is null and rb.deleted_at is null and ${mine}
          ${f.rombongan_belajar_id ? sql`and p.rombongan_belajar_id = ${f.rombongan_belajar_id}` : sql``}
        order by rb.nama, p.nama_mata_pelajaran`,
  );
  const rombel = await sqlRows<{ value: string; label: string }>(
    db,
    sql`select rb.rombongan_belajar_id as value, rb.nama as label from rombongan_belajar rb
        where rb.sekolah_id = ${actor.sekolahId} and rb.semester_id = ${actor.semesterId}
          and rb.deleted_at is null and rb.jenis_rombel in (1, 16)
          and (${all} or (rb.guru_id = ${g ?? null} and rb.jenis_rombel in (${jenisList}))
            or (${teaches} and exists (select 1 from pembelajaran p
                 where p.rombongan_belajar_id = rb.rombongan_belajar_id
                   and (p.guru_id = ${g ?? null} or p.guru_pengajar_id = ${g ?? null}))))
        order by rb.tingkat, rb.nama`,
  );
  const pesertaDidik = f.rombongan_belajar_id
    ? await sqlRows<{ value: string; label: string }>(
        db,
        sql`select pd.peserta_didik_id as value, pd.nama as label from anggota_rombel ar
            join peserta_didik pd on pd.peserta_didik_id = ar.peserta_didik_id
            where ar.rombongan_belajar_id = ${f.rombongan_belajar_id} and ar.deleted_at is null
            order by pd.nama`,
      )
    : [];
  const pengguna = await sqlRows<{ value: string; label: string }>(
    db,
    sql`select distinct on (r.user_id) r.user_id as value, r.nama_pengguna as label
        from riwayat_nilai r where ${scopeSql(actor)} and r.user_id is not null
        order by r.user_id, r.waktu desc`,
  );
  pengguna.sort((a, b) => a.label.localeCompare(b.label, 'id'));
  return { rombel, pembelajaran, peserta_didik: pesertaDidik, pengguna };
}
