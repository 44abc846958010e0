import {
  type LegerKelasResponse,
  type LegerMapel,
  type LegerResponse,
  type LegerRow,
  legerHeaders,
  legerRingkasan,
  orderLegerMapel,
} from '@erapor/contract/cetak/leger';
import { MESSAGES } from '@erapor/contract/errors';
import {
  agamaOfMapel,
  isMerdeka,
  isP5Mapel,
  kompetensiNilaiAkhir,
  MAPEL_PKL,
} from '@erapor/contract/penilaian/rules';
import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Actor } from '../../../actor';
import type { Db } from '../../../db/client';
import { sqlRows, textOrNull } from '../../../db/sql-rows';
import { nilaiAkhir } from '../../../db/tables/penilaian';
import { anggotaRombel, pembelajaran, pesertaDidik, rombonganBelajar } from '../../../db/tables/referensi';
import { refKurikulum } from '../../../db/tables/referensi-ref';
import { sekolah, semester } from '../../../db/tables/sekolah';
import { absensi } from '../../../db/tables/wali-kelas';
import { forbidden } from '../../../lib/errors';
import { printableRombel, printsAnyClass } from '../access';

/*
 * The ledger of one class (docs/decisions/030-unduh-leger.md).
 * - Pupils: the live members of the class, by name.
 * - Columns: the class's active parent subjects (kelompok and no urut set, no induk, neither PKL nor
 *   P5), and — for a regular class — every active parent subject of an elective class (jenis 16) of
 *   the semester that any of these pupils belongs to, whoever its wali (e-Rapor 7 only took the
 *   electives of the same wali).
 * - Cell: the stored nilai akhir of the printed kompetensi (4 in a Merdeka class, 1 otherwise: the
 *   subject's own class decides), read through the pupil's membership of that subject's class; a
 *   religion subject only for the pupils of that religion; no grade → null ("-").
 * - S, I, A: absensi of the pupil's regular-class membership (no row = 0); for an elective class
 *   the pupils' regular classes of the same semester.
 */

interface Pupil {
  anggota_rombel_id: string;
  peserta_didik_id: string;
  nama: string;
  nisn: string | null;
  agama_id: number | null;
}

interface Column {
  pembelajaran_id: string;
  nama_mata_pelajaran: string;
  mata_pelajaran_id: number;
  kelompok_id: number;
  no_urut: number;
  rombel: string;
  jenis_rombel: number;
  kompetensi_id: number;
  agama_id: number | null;
}

export async function legerOf(
  db: Db,
  actor: Actor,
  rombonganBelajarId: string,
  options: { ringkasan: boolean },
): Promise<LegerResponse> {
  const kelas = await printableRombel(db, actor, rombonganBelajarId, { elective: true });
  const [head] = await sqlRows<{ sekolah: string; npsn: string; tahun: string | null }>(
    db,
    sql`select s.nama as sekolah, s.npsn, sm.nama as tahun from ${sekolah} s
      left join ${semester} sm on sm.semester_id = ${kelas.semesterId}
      where s.sekolah_id = ${actor.sekolahId}`,
  );

  const pupils = (
    await sqlRows<Record<string, unknown>>(
      db,
      sql`select a.anggota_rombel_id, a.peserta_didik_id, pd.nama, pd.nisn, pd.agama_id
        from ${anggotaRombel} a join ${pesertaDidik} pd on pd.peserta_didik_id = a.peserta_didik_id
        where a.rombongan_belajar_id = ${kelas.rombonganBelajarId} and a.deleted_at is null
        order by pd.nama, a.anggota_rombel_id`,
    )
  ).map(
    (r): Pupil => ({
      anggota_rombel_id: String(r.anggota_rombel_id),
      peserta_didik_id: String(r.peserta_didik_id),
      nama: String(r.nama),
      nisn: textOrNull(r.nisn),
      agama_id: r.agama_id === null ? null : Number(r.agama_id),
    }),
  );

  // The class's own subjects, and for a regular class its pupils' electives.
  const electives =
    kelas.jenisRombel === 1
      ? sql`or b.rombongan_belajar_id in (select e.rombongan_belajar_id from ${rombonganBelajar} e
          join ${anggotaRombel} ea on ea.rombongan_belajar_id = e.rombongan_belajar_id and ea.deleted_at is null
          join ${anggotaRombel} ka on ka.peserta_didik_id = ea.peserta_didik_id and ka.deleted_at is null
          where e.jenis_rombel = 16 and e.deleted_at is null and e.sekolah_id = ${actor.sekolahId}
            and e.semester_id = ${kelas.semesterId} and ka.rombongan_belajar_id = ${kelas.rombonganBelajarId})`
      : sql``;
  const columns = orderLegerMapel(
    (
      await sqlRows<Record<string, unknown>>(
        db,
        sql`select b.pembelajaran_id, b.nama_mata_pelajaran, b.mata_pelajaran_id, b.kelompok_id, b.no_urut,
            r.nama as rombel, r.jenis_rombel, k.nama_kurikulum
          from ${pembelajaran} b
          join ${rombonganBelajar} r on r.rombongan_belajar_id = b.rombongan_belajar_id and r.deleted_at is null
          left join ${refKurikulum} k on k.kurikulum_id = r.kurikulum_id
          where b.sekolah_id = ${actor.sekolahId} and b.deleted_at is null and b.induk_pembelajaran_id is null
            and b.kelompok_id is not null and b.no_urut is not null
            and (b.rombongan_belajar_id = ${kelas.rombonganBelajarId} ${electives})`,
      )
    )
      .map(
        (r): Column => ({
          pembelajaran_id: String(r.pembelajaran_id),
          nama_mata_pelajaran: String(r.nama_mata_pelajaran),
          mata_pelajaran_id: Number(r.mata_pelajaran_id),
          kelompok_id: Number(r.kelompok_id),
          no_urut: Number(r.no_urut),
          rombel: String(r.rombel),
          jenis_rombel: Number(r.jenis_rombel),
          kompetensi_id: kompetensiNilaiAkhir(isMerdeka(textOrNull(r.nama_kurikulum)), false),
          agama_id: agamaOfMapel(Number(r.mata_pelajaran_id)),
        }),
      )
      .filter((c) => c.mata_pelajaran_id !== MAPEL_PKL && !isP5Mapel(c.mata_pelajaran_id)),
  );

  // Grades: through each pupil's membership of the subject's own class (regular or elective).
  const grades = new Map<string, number>();
  if (columns.length > 0 && pupils.length > 0) {
    const ids = sql.join(
      columns.map((c) => sql`${c.pembelajaran_id}::uuid`),
      sql`, `,
    );
    const rows = await sqlRows<Record<string, unknown>>(
      db,
      sql`select a.peserta_didik_id, n.pembelajaran_id, n.kompetensi_id, n.nilai
        from ${nilaiAkhir} n
        join ${pembelajaran} b on b.pembelajaran_id = n.pembelajaran_id
        join ${anggotaRombel} a on a.anggota_rombel_id = n.anggota_rombel_id and a.deleted_at is null
          and a.rombongan_belajar_id = b.rombongan_belajar_id
        where n.pembelajaran_id in (${ids}) and n.kompetensi_id in (1, 4)
          and a.peserta_didik_id in (select peserta_didik_id from ${anggotaRombel}
            where rombongan_belajar_id = ${kelas.rombonganBelajarId} and deleted_at is null)`,
    );
    const printed = new Map(columns.map((c) => [c.pembelajaran_id, c.kompetensi_id]));
    for (const r of rows) {
      if (printed.get(String(r.pembelajaran_id)) !== Number(r.kompetensi_id) || r.nilai === null) continue;
      grades.set(`${r.peserta_didik_id}|${r.pembelajaran_id}`, Number(r.nilai));
    }
  }

  // Absences belong to the regular-class membership (decision 026).
  const absences = new Map<string, { sakit: number; izin: number; alpa: number }>();
  const absRows = await sqlRows<Record<string, unknown>>(
    db,
    kelas.jenisRombel === 1
      ? sql`select a.peserta_didik_id, s.sakit, s.izin, s.alpa from ${absensi} s
          join ${anggotaRombel} a on a.anggota_rombel_id = s.anggota_rombel_id
          where a.rombongan_belajar_id = ${kelas.rombonganBelajarId} and a.deleted_at is null`
      : sql`select a.peserta_didik_id, s.sakit, s.izin, s.alpa from ${absensi} s
          join ${anggotaRombel} a on a.anggota_rombel_id = s.anggota_rombel_id and a.deleted_at is null
          join ${rombonganBelajar} r on r.rombongan_belajar_id = a.rombongan_belajar_id
            and r.jenis_rombel = 1 and r.deleted_at is null and r.semester_id = ${kelas.semesterId}
          where a.peserta_didik_id in (select peserta_didik_id from ${anggotaRombel}
            where rombongan_belajar_id = ${kelas.rombonganBelajarId} and deleted_at is null)`,
  );
  for (const r of absRows) {
    absences.set(String(r.peserta_didik_id), {
      sakit: Number(r.sakit),
      izin: Number(r.izin),
      alpa: Number(r.alpa),
    });
  }

  const rows: LegerRow[] = pupils.map((p) => ({
    anggota_rombel_id: p.anggota_rombel_id,
    nama: p.nama,
    nisn: p.nisn,
    nilai: columns.map((c) =>
      c.agama_id !== null && c.agama_id !== p.agama_id
        ? null
        : (grades.get(`${p.peserta_didik_id}|${c.pembelajaran_id}`) ?? null),
    ),
    ...(absences.get(p.peserta_didik_id) ?? { sakit: 0, izin: 0, alpa: 0 }),
  }));
  if (options.ringkasan) {
    const summary = legerRingkasan(rows.map((r) => r.nilai));
    for (const [i, r] of rows.entries()) Object.assign(r, summary[i]);
  }

  const headers = legerHeaders(columns);
  const mapel: LegerMapel[] = columns.map((c, i) => ({
    pembelajaran_id: c.pembelajaran_id,
    nama: headers[i] ?? c.nama_mata_pelajaran,
    pilihan: c.jenis_rombel === 16,
  }));
  return {
    rombongan_belajar_id: kelas.rombonganBelajarId,
    sekolah: head?.sekolah ?? '',
    npsn: head?.npsn ?? '',
    kelas: kelas.nama,
    tahun_pelajaran: head?.tahun ?? kelas.semesterId,
    jenis_rombel: kelas.jenisRombel,
    ringkasan: options.ringkasan,
    mapel,
    rows,
  };
}

/**
 * The classes the caller may download a ledger of (the same rule as printableRombel): the Waka and
 * the admin every regular and elective class of the semester, a wali their regular class, a
 * pilihan wali their elective class. Anyone else: 403.
 */
export async function legerKelas(db: Db, actor: Actor): Promise<LegerKelasResponse> {
  const all = printsAnyClass(actor);
  const own: number[] = [];
  if (actor.roles.includes('wali')) own.push(1);
  if (actor.roles.includes('pilihan')) own.push(16);
  if (!all && (own.length === 0 || !actor.guruId)) throw forbidden(MESSAGES.forbidden);
  const data = await db
    .select({
      rombongan_belajar_id: rombonganBelajar.rombonganBelajarId,
      nama: rombonganBelajar.nama,
      tingkat: rombonganBelajar.tingkat,
      jenis_rombel: rombonganBelajar.jenisRombel,
    })
    .from(rombonganBelajar)
    .where(
      and(
        eq(rombonganBelajar.sekolahId, actor.sekolahId),
        eq(rombonganBelajar.semesterId, actor.semesterId),
        isNull(rombonganBelajar.deletedAt),
        all
          ? inArray(rombonganBelajar.jenisRombel, [1, 16])
          : or(
              ...own.map((jenis) =>
                and(eq(rombonganBelajar.jenisRombel, jenis), eq(rombonganBelajar.guruId, actor.guruId ?? '')),
              ),
            ),
      ),
    )
    .orderBy(asc(rombonganBelajar.tingkat), asc(rombonganBelajar.jenisRombel), asc(rombonganBelajar.nama));
  return { data };
}
