import { generateCatatan } from '@erapor/demo-school/catatan';
import type { DemoGrades } from '@erapor/demo-school/grades';
import type { DemoP5 } from '@erapor/demo-school/p5';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import * as sekolahService from '../sekolah/service';
import { SETTING_KEYS } from '../sekolah/settings';
import { writeDemoKenaikan } from '../wali-kelas/kenaikan/demo';

/*
 * Writes the demo's grades (packages/demo-school grades.ts) into the tables the app's services read:
 * kurikulum (tujuan_pembelajaran, tp_mapel, pembelajaran bobot) and penilaian (nilai_tp,
 * nilai_sumatif, nilai_akhir, tp_nilai, deskripsi_mata_pelajaran, nilai_sikap,
 * nilai_ekstrakurikuler) and wali-kelas (absensi), plus the semester's Pengaturan Umum through the sekolah service.
 *
 * Bulk: each kind goes in as a few `INSERT … SELECT FROM json_to_recordset($1)` statements (one
 * JSON parameter per chunk instead of one bind parameter per cell, which is what makes PGlite slow),
 * ON CONFLICT DO NOTHING so that writing the same grades twice changes nothing. The caller provides
 * the transaction.
 */

const CHUNK = 20_000;

export type Column = readonly [name: string, type: string];

/** The columns that place a grade row: the school, the pupil's class membership and the subject. */
export const MEMBER_COLUMNS: Column[] = [
  ['sekolah_id', 'uuid'],
  ['anggota_rombel_id', 'uuid'],
  ['pembelajaran_id', 'uuid'],
];

export async function insertJson(
  db: Db,
  table: string,
  columns: readonly Column[],
  rows: readonly (readonly unknown[])[],
): Promise<void> {
  const names = columns.map(([n]) => n);
  const recordset = columns.map(([n, t]) => `${n} ${t}`).join(', ');
  const into = names.join(', ');
  const select = names.map((n) => `x.${n}`).join(', ');
  for (let i = 0; i < rows.length; i += CHUNK) {
    const json = JSON.stringify(
      rows.slice(i, i + CHUNK).map((r) => Object.fromEntries(names.map((n, j) => [n, r[j]]))),
    );
    const statement: SQL = sql.raw(`insert into ${table} (${into}) select ${select} from json_to_recordset(`);
    statement.append(sql`${json}::json`);
    statement.append(sql.raw(`) as x(${recordset}) on conflict do nothing`));
    await db.execute(statement);
  }
}

export interface WrittenGrades {
  rows: number;
}

/**
 * Writes `grades` of school `sekolahId`. TPs get created_at = `createdAt` + their order in ms, so the
 * app lists them (by creation time) as "TP 1, TP 2…" in the curriculum's order.
 */
export async function writeGrades(
  db: Db,
  sekolahId: string,
  grades: DemoGrades,
  options: { tujuanPembelajaran: boolean; createdAt: Date },
): Promise<WrittenGrades> {
  let rows = 0;
  const base = options.createdAt.getTime();
  if (options.tujuanPembelajaran) {
    await insertJson(
      db,
      'tujuan_pembelajaran',
      [
        ['tp_id', 'uuid'],
        ['sekolah_id', 'uuid'],
        ['cp_id', 'integer'],
        ['kd_id', 'uuid'],
        ['deskripsi', 'text'],
        ['created_at', 'timestamptz'],
      ],
      grades.tujuan_pembelajaran.map((t) => [
        t.tp_id,
        sekolahId,
        t.cp_id,
        t.kd_id,
        t.deskripsi,
        new Date(base + t.urutan).toISOString(),
      ]),
    );
    rows += grades.tujuan_pembelajaran.length;
  }
  await insertJson(
    db,
    'tp_mapel',
    [
      ['sekolah_id', 'uuid'],
      ['tp_id', 'uuid'],
      ['pembelajaran_id', 'uuid'],
    ],
    grades.tp_mapel.map((m) => [sekolahId, m.tp_id, m.pembelajaran_id]),
  );
  if (grades.bobot.length) {
    await db.execute(sql`update pembelajaran p
      set bobot_sumatif_materi = x.materi, bobot_sumatif_akhir = x.akhir
      from json_to_recordset(${JSON.stringify(grades.bobot)}::json)
        as x(pembelajaran_id uuid, materi smallint, akhir smallint)
      where p.pembelajaran_id = x.pembelajaran_id`);
  }
  const member = MEMBER_COLUMNS;
  await insertJson(
    db,
    'nilai_tp',
    [...member, ['tp_id', 'uuid'], ['nilai', 'smallint']],
    grades.nilai_tp.map((n) => [sekolahId, n.anggota_rombel_id, n.pembelajaran_id, n.tp_id, n.nilai]),
  );
  await insertJson(
    db,
    'nilai_sumatif',
    [...member, ['jenis', 'varchar'], ['nilai', 'smallint']],
    grades.nilai_sumatif.map((n) => [sekolahId, n.anggota_rombel_id, n.pembelajaran_id, n.jenis, n.nilai]),
  );
  await insertJson(
    db,
    'nilai_akhir',
    [...member, ['kompetensi_id', 'smallint'], ['nilai', 'smallint']],
    grades.nilai_akhir.map((n) => [
      sekolahId,
      n.anggota_rombel_id,
      n.pembelajaran_id,
      n.kompetensi_id,
      n.nilai,
    ]),
  );
  await insertJson(
    db,
    'tp_nilai',
    [...member, ['tp_id', 'uuid'], ['kompeten', 'smallint']],
    grades.tp_nilai.map((n) => [sekolahId, n.anggota_rombel_id, n.pembelajaran_id, n.tp_id, n.kompeten]),
  );
  await insertJson(
    db,
    'deskripsi_mata_pelajaran',
    [...member, ['deskripsi_pengetahuan', 'text'], ['deskripsi_keterampilan', 'text']],
    grades.deskripsi.map((d) => [
      sekolahId,
      d.anggota_rombel_id,
      d.pembelajaran_id,
      d.tercapai,
      d.perlu_ditingkatkan,
    ]),
  );
  await insertJson(
    db,
    'nilai_sikap',
    [
      ['nilai_sikap_id', 'uuid'],
      ['sekolah_id', 'uuid'],
      ['semester_id', 'varchar'],
      ['anggota_rombel_id', 'uuid'],
      ['guru_id', 'uuid'],
      ['tanggal', 'date'],
      ['dimensi_id', 'smallint'],
      ['elemen_id', 'smallint'],
      ['opsi_id', 'smallint'],
      ['deskripsi', 'text'],
    ],
    grades.sikap.map((s) => [
      s.nilai_sikap_id,
      sekolahId,
      grades.semester_id,
      s.anggota_rombel_id,
      s.guru_id,
      s.tanggal,
      s.dimensi_id,
      s.elemen_id,
      s.opsi_id,
      s.deskripsi,
    ]),
  );
  await insertJson(
    db,
    'nilai_ekstrakurikuler',
    [
      ['sekolah_id', 'uuid'],
      ['anggota_rombel_id', 'uuid'],
      ['ekstrakurikuler_id', 'uuid'],
      ['nilai', 'smallint'],
      ['deskripsi_ekskul', 'text'],
    ],
    grades.ekskul.map((e) => [sekolahId, e.anggota_rombel_id, e.ekstrakurikuler_id, e.nilai, e.deskripsi]),
  );
  // The wali kelas's Ketidakhadiran (modules/wali-kelas, decision 026).
  await insertJson(
    db,
    'absensi',
    [
      ['sekolah_id', 'uuid'],
      ['anggota_rombel_id', 'uuid'],
      ['sakit', 'smallint'],
      ['izin', 'smallint'],
      ['alpa', 'smallint'],
    ],
    grades.absensi.map((a) => [sekolahId, a.anggota_rombel_id, a.sakit, a.izin, a.alpa]),
  );
  // The wali kelas's Catatan Wali Kelas and Kokurikuler (decision 028), for the same members.
  await insertJson(
    db,
    'catatan_wali',
    [
      ['sekolah_id', 'uuid'],
      ['anggota_rombel_id', 'uuid'],
      ['type', 'varchar'],
      ['uraian_deskripsi', 'text'],
    ],
    generateCatatan(
      grades.absensi.map((a) => a.anggota_rombel_id),
      grades.semester_id,
    ).map((c) => [sekolahId, c.anggota_rombel_id, c.type, c.uraian_deskripsi]),
  );
  // Kenaikan Kelas of a past Genap semester (decision 029), from the classes just written.
  rows += await writeDemoKenaikan(db, sekolahId, grades.semester_id);
  rows +=
    grades.absensi.length +
    grades.tp_mapel.length +
    grades.nilai_tp.length +
    grades.nilai_sumatif.length +
    grades.nilai_akhir.length +
    grades.tp_nilai.length +
    grades.deskripsi.length +
    grades.sikap.length +
    grades.ekskul.length;

  // Pengaturan Umum of the semester: head teacher and report dates (an administrator's own values,
  // if any, stay: only missing keys are set).
  const actor = { sekolahId };
  const current = await sekolahService.getSettings(db, actor, grades.semester_id);
  const wanted: [string, string | null][] = [
    [SETTING_KEYS.kepalaSekolah, grades.settings.kepala_sekolah],
    [SETTING_KEYS.jabatan, grades.settings.jabatan],
    [SETTING_KEYS.tanggalRapor, grades.settings.tanggal_rapor],
    [SETTING_KEYS.tanggalRaporKelasAkhir, grades.settings.tanggal_rapor_kelas_akhir],
  ];
  for (const [key, value] of wanted) {
    if (value === null || current[key]) continue;
    await sekolahService.setSetting(db, actor, { key, value, semesterId: grades.semester_id });
  }
  // The demo school is in Kota Bekasi (WIB): its time zone, so Pengaturan Umum saves as it stands.
  if (!current[SETTING_KEYS.zona]) {
    await sekolahService.setSetting(db, actor, {
      key: SETTING_KEYS.zona,
      value: 'Asia/Jakarta',
      semesterId: null,
    });
  }
  return { rows };
}

/**
 * A past semester's P5 projects (decision 037): plans, their sub-elements, every pupil's levels and
 * most pupils' Catatan proses. Idempotent like the grades (ids from the generator, conflicts skipped).
 */
export async function writeDemoP5(db: Db, sekolahId: string, p5: DemoP5): Promise<number> {
  await insertJson(
    db,
    'rencana_budaya_kerja',
    [
      ['rencana_budaya_kerja_id', 'uuid'],
      ['sekolah_id', 'uuid'],
      ['rombongan_belajar_id', 'uuid'],
      ['pembelajaran_id', 'uuid'],
      ['nama', 'text'],
      ['deskripsi', 'text'],
      ['no_urut', 'smallint'],
    ],
    p5.rencana.map((r) => [
      r.rencana_budaya_kerja_id,
      sekolahId,
      r.rombongan_belajar_id,
      r.pembelajaran_id,
      r.nama,
      r.deskripsi,
      r.no_urut,
    ]),
  );
  await insertJson(
    db,
    'aspek_budaya_kerja',
    [
      ['aspek_budaya_kerja_id', 'uuid'],
      ['sekolah_id', 'uuid'],
      ['rencana_budaya_kerja_id', 'uuid'],
      ['budaya_kerja_id', 'smallint'],
      ['elemen_id', 'smallint'],
    ],
    p5.aspek.map((a) => [
      a.aspek_budaya_kerja_id,
      sekolahId,
      a.rencana_budaya_kerja_id,
      a.budaya_kerja_id,
      a.elemen_id,
    ]),
  );
  await insertJson(
    db,
    'nilai_budaya_kerja',
    [
      ['sekolah_id', 'uuid'],
      ['anggota_rombel_id', 'uuid'],
      ['aspek_budaya_kerja_id', 'uuid'],
      ['opsi_id', 'smallint'],
    ],
    p5.nilai.map((n) => [sekolahId, n.anggota_rombel_id, n.aspek_budaya_kerja_id, n.opsi_id]),
  );
  await insertJson(
    db,
    'catatan_budaya_kerja',
    [
      ['sekolah_id', 'uuid'],
      ['anggota_rombel_id', 'uuid'],
      ['rencana_budaya_kerja_id', 'uuid'],
      ['catatan', 'text'],
    ],
    p5.catatan.map((c) => [sekolahId, c.anggota_rombel_id, c.rencana_budaya_kerja_id, c.catatan]),
  );
  return p5.rencana.length + p5.aspek.length + p5.nilai.length + p5.catatan.length;
}
