import { P5_LEVELS } from '@erapor/contract/projek/penilaian';
import type { JenisRiwayat } from '@erapor/contract/riwayat-nilai';
import { STATUS_KENAIKAN_LABEL } from '@erapor/contract/wali-kelas/kenaikan';
import type { Actor } from '../../actor';
import type { Db } from '../../db/client';
import { drizzleSql, type Sql } from '../../db/raw-sql';
import type { SumberRiwayat } from './record';

/*
 * Every audited grade table as cells, in SQL — what a restore records (issue #16 items 3 and 5,
 * docs/decisions/045-riwayat-nilai.md and 044-cadangan-data.md).
 *
 * The rule: a restore writes one Riwayat Perubahan Nilai entry (sumber 'restore') for every grade
 * cell whose value before the restore differs from its value after it — a cell that appears or
 * disappears included —, in the restore's transaction. A cell is named and valued **exactly as the
 * grid that writes it records it** (riwayat-nilai/record.ts, every `audit:` target and every
 * `recordChanges(` call): same `jenis`, same `kunci`, same pupil key (anggota_rombel or, for PKL,
 * peserta_didik), same subject and class, and the value as the same text (a score '85', P5 'BSH',
 * a capaian "Pengetahuan: …\nKeterampilan: …", an absent absence '0'). So a cell's "history on
 * demand" shows the restore beside the teachers' saves. A grade table audited later belongs here
 * too. cadangan/restore-audit.test.ts checks every kind, against the grids' own entries where a
 * grid writes them in the test and against values written out by hand.
 *
 * How it stays cheap: nothing is read into JavaScript. Before the school's rows are deleted, one
 * statement copies the school's cells into a temporary table; after the archive's rows are in,
 * one statement joins old and new cells (full outer join on one text key) and inserts the entries.
 *
 * Each entry below is a select over the school's rows ($1 = sekolah_id) giving: semester_id,
 * rombongan_belajar_id, pupil (anggota_rombel_id or peserta_didik_id, see `pupil`),
 * pembelajaran_id (null for a class's own grids), kunci, sel (what else tells two cells of one
 * pupil and kunci apart — a UKK plan, a PKL plan, a kompetensi — '' when nothing) and nilai.
 */

export interface GradeCells {
  /** riwayat_nilai.jenis, as the writer records it. */
  jenis: JenisRiwayat;
  /** The table the cells are read from (for the reader). */
  table: string;
  /** How the writer keys the pupil (default anggota_rombel). */
  pupil?: 'anggota_rombel' | 'peserta_didik';
  /** The text an absent row shows as (absences: '0'); default null, an empty cell. */
  empty?: string;
  select: string;
}

/** A text literal for SQL built from the contract's labels. */
const lit = (s: string) => `'${s.replace(/'/g, "''")}'`;

/** The class and semester of a membership: `<alias>.anggota_rombel_id` → ar, rb. */
const member = (alias: string) =>
  `join anggota_rombel ar on ar.anggota_rombel_id = ${alias}.anggota_rombel_id
   join rombongan_belajar rb on rb.rombongan_belajar_id = ar.rombongan_belajar_id`;

/** A P5 score as the grid records it: its code (BSH), not the stored opsi id (projek/penilaian.ts). */
const P5_KODE = `case n.opsi_id ${P5_LEVELS.map((l) => `when ${l.opsi_id} then ${lit(l.kode)}`).join(' ')} else n.opsi_id::text end`;

/** A decision as the kenaikan grid records it: "Naik Ke Kelas XI RPL 1" (wali-kelas/kenaikan/service.ts). */
const KENAIKAN_LABEL = `case k.status ${Object.entries(STATUS_KENAIKAN_LABEL)
  .map(([status, label]) => `when ${status} then ${lit(label)}`)
  .join(' ')} else k.status::text end`;

/** The three absence cells of a row, each recorded on its own (wali-kelas/absensi.ts, pkl/kehadiran.ts). */
const ABSENCES = `cross join lateral (values ('sakit', a.sakit), ('izin', a.izin), ('alpa', a.alpa)) as x(kunci, hari)`;

export const GRADE_CELLS: readonly GradeCells[] = [
  {
    // penilaian/lingkup-materi.ts: a score per TP.
    jenis: 'nilai_tp',
    table: 'nilai_tp',
    select: `select rb.semester_id, rb.rombongan_belajar_id, n.anggota_rombel_id as pupil, n.pembelajaran_id,
        n.tp_id::text as kunci, '' as sel, n.nilai::text as nilai
      from nilai_tp n ${member('n')} where n.sekolah_id = $1`,
  },
  {
    // penilaian/akhir-semester.ts: 'tes' and 'non-tes'.
    jenis: 'sumatif',
    table: 'nilai_sumatif',
    select: `select rb.semester_id, rb.rombongan_belajar_id, n.anggota_rombel_id, n.pembelajaran_id,
        n.jenis, '', n.nilai::text
      from nilai_sumatif n ${member('n')} where n.sekolah_id = $1`,
  },
  {
    // penilaian/nilai-akhir.ts records the kompetensi the subject uses under kunci 'nilai_akhir';
    // a restore writes every stored row, so the kompetensi tells rows of one pupil apart. The PKL
    // subject's grade (pkl/nilai-akhir.ts, recomputed from the PKL scores) is a stored row too.
    jenis: 'nilai_akhir',
    table: 'nilai_akhir',
    select: `select rb.semester_id, rb.rombongan_belajar_id, n.anggota_rombel_id, n.pembelajaran_id,
        'nilai_akhir', n.kompetensi_id::text, n.nilai::text
      from nilai_akhir n ${member('n')} where n.sekolah_id = $1`,
  },
  {
    // penilaian/nilai-akhir.ts: Tercapai 1 / Tidak tercapai 0 per TP.
    jenis: 'ketercapaian',
    table: 'tp_nilai',
    select: `select rb.semester_id, rb.rombongan_belajar_id, n.anggota_rombel_id, n.pembelajaran_id,
        n.tp_id::text, '', n.kompeten::text
      from tp_nilai n ${member('n')} where n.sekolah_id = $1`,
  },
  {
    // penilaian/capaian.ts capaianText: the non-empty texts, each with its label, one per line.
    jenis: 'capaian',
    table: 'deskripsi_mata_pelajaran',
    select: `select rb.semester_id, rb.rombongan_belajar_id, n.anggota_rombel_id, n.pembelajaran_id,
        'deskripsi', '',
        nullif(concat_ws(E'\\n', 'Pengetahuan: ' || nullif(n.deskripsi_pengetahuan, ''),
          'Keterampilan: ' || nullif(n.deskripsi_keterampilan, '')), '')
      from deskripsi_mata_pelajaran n ${member('n')} where n.sekolah_id = $1`,
  },
  {
    // penilaian/sikap/service.ts noteText, kunci the note's id; the class of the pupil.
    jenis: 'sikap',
    table: 'nilai_sikap',
    select: `select n.semester_id, rb.rombongan_belajar_id, n.anggota_rombel_id, null,
        n.nilai_sikap_id::text, '',
        to_char(n.tanggal, 'YYYY-MM-DD') || ' · dimensi ' || n.dimensi_id || ' · elemen ' || n.elemen_id
          || ' · opsi ' || n.opsi_id || ': ' || n.deskripsi
      from nilai_sikap n ${member('n')} where n.sekolah_id = $1`,
  },
  {
    // penilaian/ekskul/service.ts ekskulText: "2 — description", kunci the ekskul; the ekskul's class.
    jenis: 'ekskul',
    table: 'nilai_ekstrakurikuler',
    select: `select rb.semester_id, rb.rombongan_belajar_id, n.anggota_rombel_id, null,
        n.ekstrakurikuler_id::text, '',
        case when coalesce(n.deskripsi_ekskul, '') = '' then n.nilai::text
             else n.nilai || ' — ' || n.deskripsi_ekskul end
      from nilai_ekstrakurikuler n ${member('n')} where n.sekolah_id = $1`,
  },
  {
    // projek/penilaian.ts: the code per aspect; the class of the project.
    jenis: 'p5',
    table: 'nilai_budaya_kerja',
    select: `select rb.semester_id, rb.rombongan_belajar_id, n.anggota_rombel_id, null,
        n.aspek_budaya_kerja_id::text, '', ${P5_KODE}
      from nilai_budaya_kerja n
      join aspek_budaya_kerja a on a.aspek_budaya_kerja_id = n.aspek_budaya_kerja_id
      join rencana_budaya_kerja r on r.rencana_budaya_kerja_id = a.rencana_budaya_kerja_id
      join rombongan_belajar rb on rb.rombongan_belajar_id = r.rombongan_belajar_id
      where n.sekolah_id = $1`,
  },
  {
    // projek/penilaian.ts: a project's "Catatan proses", kunci 'catatan:<rencana>'.
    jenis: 'p5_catatan',
    table: 'catatan_budaya_kerja',
    select: `select rb.semester_id, rb.rombongan_belajar_id, n.anggota_rombel_id, null,
        'catatan:' || n.rencana_budaya_kerja_id, '', nullif(n.catatan, '')
      from catatan_budaya_kerja n
      join rencana_budaya_kerja r on r.rencana_budaya_kerja_id = n.rencana_budaya_kerja_id
      join rombongan_belajar rb on rb.rombongan_belajar_id = r.rombongan_belajar_id
      where n.sekolah_id = $1`,
  },
  {
    // wali-kelas/catatan-sikap.ts: the homeroom attitude text per dimension, kunci its number.
    jenis: 'catatan_sikap',
    table: 'catatan_budaya_kerja',
    select: `select rb.semester_id, rb.rombongan_belajar_id, n.anggota_rombel_id, null,
        n.budaya_kerja_id::text, '', nullif(n.catatan, '')
      from catatan_budaya_kerja n ${member('n')}
      where n.sekolah_id = $1 and n.budaya_kerja_id is not null`,
  },
  {
    // wali-kelas/catatan.ts: kunci the kind ('catatan_walas', 'kokurikuler').
    jenis: 'catatan_wali',
    table: 'catatan_wali',
    select: `select rb.semester_id, rb.rombongan_belajar_id, n.anggota_rombel_id, null,
        n.type, '', nullif(n.uraian_deskripsi, '')
      from catatan_wali n ${member('n')} where n.sekolah_id = $1`,
  },
  {
    // wali-kelas/kenaikan/service.ts show: the status's label and the class named.
    jenis: 'kenaikan',
    table: 'kenaikan_kelas',
    select: `select rb.semester_id, k.rombongan_belajar_id, k.anggota_rombel_id, null,
        'kenaikan', '',
        ${KENAIKAN_LABEL} || case when coalesce(k.nama_kelas, '') = '' then '' else ' ' || k.nama_kelas end
      from kenaikan_kelas k
      join rombongan_belajar rb on rb.rombongan_belajar_id = k.rombongan_belajar_id
      where k.sekolah_id = $1`,
  },
  {
    // wali-kelas/absensi.ts: sakit, izin, alpa; no row reads as 0.
    jenis: 'absensi',
    table: 'absensi',
    empty: '0',
    select: `select rb.semester_id, rb.rombongan_belajar_id, a.anggota_rombel_id, null,
        x.kunci, '', x.hari::text
      from absensi a ${member('a')} ${ABSENCES} where a.sekolah_id = $1`,
  },
  {
    // ukk/nilai.ts: one score per participant, kunci 'nilai'; the plan tells two plans apart.
    jenis: 'ukk',
    table: 'nilai_ukk',
    select: `select r.semester_id, r.rombongan_belajar_id, n.anggota_rombel_id, null,
        'nilai', n.rencana_ukk_id || ':' || n.peserta_didik_id, n.nilai::text
      from nilai_ukk n join rencana_ukk r on r.rencana_ukk_id = n.rencana_ukk_id
      where n.sekolah_id = $1`,
  },
  {
    // pkl/penilaian.ts: the score per TP (the grid records the score, not its description).
    jenis: 'pkl',
    table: 'nilai_pkl',
    pupil: 'peserta_didik',
    select: `select k.semester_id, k.rombongan_belajar_id, n.peserta_didik_id, null,
        n.tp_id::text, n.pkl_id::text, n.nilai::text
      from nilai_pkl n join praktik_kerja_lapangan k on k.pkl_id = n.pkl_id
      where n.sekolah_id = $1`,
  },
  {
    // pkl/penilaian.ts: the Catatan PKL of a participant, kunci 'catatan'.
    jenis: 'pkl_catatan',
    table: 'pd_pkl',
    pupil: 'peserta_didik',
    select: `select k.semester_id, k.rombongan_belajar_id, n.peserta_didik_id, null,
        'catatan', n.pkl_id::text, nullif(n.catatan, '')
      from pd_pkl n join praktik_kerja_lapangan k on k.pkl_id = n.pkl_id
      where n.sekolah_id = $1`,
  },
  {
    // pkl/kehadiran.ts: sakit, izin, alpa at the DUDI; no row reads as 0.
    jenis: 'absensi_pkl',
    table: 'absensi_pkl',
    pupil: 'peserta_didik',
    empty: '0',
    select: `select k.semester_id, k.rombongan_belajar_id, a.peserta_didik_id, null,
        x.kunci, a.pkl_id::text, x.hari::text
      from absensi_pkl a join praktik_kerja_lapangan k on k.pkl_id = a.pkl_id ${ABSENCES}
      where a.sekolah_id = $1`,
  },
];

/** Every cell of the school: jenis, the entry's columns, the value, the empty value and a key `k`. */
export function gradeCellsQuery(cells: readonly GradeCells[] = GRADE_CELLS): string {
  return cells
    .map((c) => {
      const byPd = c.pupil === 'peserta_didik';
      return `select ${lit(c.jenis)}::text as jenis, c.semester_id::text as semester_id,
          c.rombongan_belajar_id::uuid as rombongan_belajar_id,
          ${byPd ? 'null::uuid' : 'c.pupil::uuid'} as anggota_rombel_id,
          ${byPd ? 'c.pupil::uuid' : 'null::uuid'} as peserta_didik_id,
          c.pembelajaran_id::uuid as pembelajaran_id, left(c.kunci::text, 100) as kunci,
          c.nilai::text as nilai, ${c.empty === undefined ? 'null' : lit(c.empty)}::text as kosong,
          concat_ws('|', ${lit(c.jenis)}, c.pupil::text, coalesce(c.pembelajaran_id::text, ''), c.kunci::text, c.sel::text) as k
        from (${c.select}) as c(semester_id, rombongan_belajar_id, pupil, pembelajaran_id, kunci, sel, nilai)`;
    })
    .join('\nunion all\n');
}

const SNAPSHOT = 'riwayat_restore_sebelum';

/** Who the entries name: the administrator who restores, or the command line's operator. */
export interface RestoreOperator {
  userId: string | null;
  nama: string;
}

/** Who an entry names and how the change came (the restore, or a planning change on a screen). */
interface Writer {
  userId: string | null;
  /** The name; null: read from the user's account in the same statement. */
  nama: string | null;
  peran: string;
  sumber: SumberRiwayat;
}

/** The school's cells of `cells` as they are now, in a temporary table gone at commit. */
async function snapshotCells(
  sql: Sql,
  table: string,
  sekolahId: string,
  cells: readonly GradeCells[],
): Promise<void> {
  await sql(`drop table if exists ${table}`);
  await sql(`create temporary table ${table} on commit drop as ${gradeCellsQuery(cells)}`, [sekolahId]);
}

/**
 * One entry per cell of `cells` whose value differs from the snapshot in `table` (a cell that
 * appeared or went included), in one statement. Returns how many were written.
 */
async function recordCellDiff(
  sql: Sql,
  table: string,
  sekolahId: string,
  cells: readonly GradeCells[],
  who: Writer,
): Promise<number> {
  const rows = await sql<{ n: number | string }>(
    `with baru as (${gradeCellsQuery(cells)}),
     beda as (
       select coalesce(b.jenis, l.jenis) as jenis, coalesce(b.semester_id, l.semester_id) as semester_id,
         coalesce(b.rombongan_belajar_id, l.rombongan_belajar_id) as rombongan_belajar_id,
         coalesce(b.anggota_rombel_id, l.anggota_rombel_id) as anggota_rombel_id,
         coalesce(b.peserta_didik_id, l.peserta_didik_id) as peserta_didik_id,
         coalesce(b.pembelajaran_id, l.pembelajaran_id) as pembelajaran_id,
         coalesce(b.kunci, l.kunci) as kunci,
         case when l.k is null then b.kosong else l.nilai end as lama,
         case when b.k is null then l.kosong else b.nilai end as baru,
         coalesce(b.k, l.k) as k
       from ${table} l full join baru b on b.k = l.k),
     ditulis as (
       insert into riwayat_nilai (sekolah_id, semester_id, user_id, nama_pengguna, peran,
         rombongan_belajar_id, anggota_rombel_id, peserta_didik_id, pembelajaran_id,
         jenis, kunci, nilai_lama, nilai_baru, sumber)
       select $1, d.semester_id, $2::uuid,
         coalesce($3, (select u.name from users u where u.user_id = $2::uuid), ''), $4,
         d.rombongan_belajar_id, d.anggota_rombel_id, d.peserta_didik_id, d.pembelajaran_id,
         d.jenis, d.kunci, d.lama, d.baru, $5
       from beda d where d.lama is distinct from d.baru
       order by d.semester_id, d.jenis, d.rombongan_belajar_id, d.pembelajaran_id, d.k
       returning 1)
     select count(*) as n from ditulis`,
    [sekolahId, who.userId, who.nama, who.peran, who.sumber],
  );
  return Number(rows[0]?.n ?? 0);
}

/** Before the school's rows are replaced: its cells as they are, in a table gone at commit. */
export async function snapshotGradeCells(sql: Sql, sekolahId: string): Promise<void> {
  await snapshotCells(sql, SNAPSHOT, sekolahId, GRADE_CELLS);
}

/**
 * After the archive's rows are in: one entry per cell whose value differs from the snapshot's,
 * appended after the archive's own entries. Returns how many were written.
 */
export async function recordRestoreChanges(
  sql: Sql,
  sekolahId: string,
  operator: RestoreOperator,
): Promise<number> {
  return recordCellDiff(sql, SNAPSHOT, sekolahId, GRADE_CELLS, {
    userId: operator.userId,
    nama: operator.nama,
    peran: 'admin',
    sumber: 'restore',
  });
}

/**
 * A planning change that removes scores with what they hang off (a TP, a pupil, a sub-element or a
 * whole PKL, P5 or UKK plan, after the "n nilai akan dihapus" confirmation; lib/score-loss.ts)
 * records each score it removes as the grid would have: `change` runs between a snapshot of the
 * school's cells of the kinds `jenis` and the comparison, in the caller's transaction, under the
 * caller's name. (A grade such a change recomputes records itself, e.g. pkl/nilai-akhir.ts.)
 */
export async function withScoreLossRecorded<T>(
  tx: Db,
  actor: Actor,
  jenis: readonly JenisRiwayat[],
  change: () => Promise<T>,
): Promise<T> {
  const cells = GRADE_CELLS.filter((c) => jenis.includes(c.jenis));
  if (cells.length !== jenis.length) throw new Error(`Unknown grade kinds: ${jenis.join(', ')}`);
  const sql = drizzleSql(tx);
  const table = 'riwayat_perencanaan_sebelum';
  await snapshotCells(sql, table, actor.sekolahId, cells);
  const result = await change();
  await recordCellDiff(sql, table, actor.sekolahId, cells, {
    userId: actor.userId,
    nama: null,
    peran: actor.roles.join(',').slice(0, 160),
    sumber: 'layar',
  });
  await sql(`drop table ${table}`);
  return result;
}
