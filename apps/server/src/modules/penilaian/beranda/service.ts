import { MESSAGES } from '@erapor/contract/errors';
import { isExpected } from '@erapor/contract/monitoring/counting';
import {
  BERANDA_PENILAIAN_MESSAGES,
  type BerandaDetailResponse,
  type BerandaGuruResponse,
  type BerandaGuruRow,
  type BerandaWaliKelas,
  type BerandaWaliResponse,
  type BerandaWaliSubject,
  KUNCI_NILAI_ADMIN_ROLES,
} from '@erapor/contract/penilaian/beranda';
import { MAPEL_PKL } from '@erapor/contract/penilaian/rules';
import { pklInSemester } from '@erapor/contract/pkl/rules';
import { and, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Actor } from '../../../actor';
import type { Db } from '../../../db/client';
import { dinilaiCount, expectedCount } from '../../../db/counting-sql';
import { sqlRows } from '../../../db/sql-rows';
import { deskripsiMataPelajaran, nilaiAkhir } from '../../../db/tables/penilaian';
import {
  anggotaRombel,
  guru,
  pdKeluar,
  pembelajaran,
  pesertaDidik,
  rombonganBelajar,
} from '../../../db/tables/referensi';
import { refAgama } from '../../../db/tables/referensi-ref';
import { forbidden, notFound } from '../../../lib/errors';
import { hasAnyRole } from '../../referensi/rombel/access';
import { orderParentsFirst } from '../../referensi/rombel/service';
import { getStatusPenilaian } from '../../sekolah/settings';

/*
 * Progress follows the shared counting rules (packages/contract/src/monitoring/counting.ts, in SQL
 * in monitoring/counting-sql.ts): expected = live members taking the subject (a religion subject
 * only its believers, pupils who left excluded), dinilai = those of them with a nilai akhir — the
 * same numbers the Waka's Monitoring shows.
 */

/** Active teaching assignments (kelompok and no urut set) of the login's semester matching `where`. */
async function subjects(db: Db, actor: Actor, where: SQL) {
  const rows = await sqlRows<Record<string, unknown>>(
    db,
    sql`select b.pembelajaran_id, b.rombongan_belajar_id, b.mata_pelajaran_id, b.nama_mata_pelajaran,
        b.induk_pembelajaran_id, r.nama as rombel, w.nama as wali_kelas,
        coalesce(gp.nama, g.nama) as guru, ${expectedCount(actor.semesterId)} as pd,
        ${dinilaiCount(actor.semesterId)} as pd_dinilai
      from ${pembelajaran} b
      join ${rombonganBelajar} r on r.rombongan_belajar_id = b.rombongan_belajar_id and r.deleted_at is null
      left join ${guru} w on w.guru_id = r.guru_id
      left join ${guru} g on g.guru_id = b.guru_id
      left join ${guru} gp on gp.guru_id = b.guru_pengajar_id
      where b.sekolah_id = ${actor.sekolahId} and b.semester_id = ${actor.semesterId}
        and b.deleted_at is null and b.kelompok_id is not null and b.no_urut is not null and ${where}
      order by r.tingkat, r.nama, b.kelompok_id, b.no_urut, b.mata_pelajaran_id, b.pembelajaran_id`,
  );
  const typed = rows.map((r) => ({
    pembelajaran_id: String(r.pembelajaran_id),
    rombongan_belajar_id: String(r.rombongan_belajar_id),
    mata_pelajaran_id: Number(r.mata_pelajaran_id),
    nama_mata_pelajaran: String(r.nama_mata_pelajaran),
    induk_pembelajaran_id: r.induk_pembelajaran_id === null ? null : String(r.induk_pembelajaran_id),
    rombel: String(r.rombel),
    wali_kelas: r.wali_kelas === null ? null : String(r.wali_kelas),
    guru: r.guru === null ? null : String(r.guru),
    pd: Number(r.pd),
    pd_dinilai: Number(r.pd_dinilai),
  }));
  return orderParentsFirst(typed);
}

function requireTeacher(actor: Actor): string {
  if (!actor.guruId || !actor.roles.includes('guru')) throw forbidden(MESSAGES.forbidden);
  return actor.guruId;
}

/** Beranda guru: every subject the caller teaches (as registered teacher or guru pengajar). */
export async function berandaGuru(db: Db, actor: Actor): Promise<BerandaGuruResponse> {
  const me = requireTeacher(actor);
  const rows = await subjects(db, actor, sql`(b.guru_id = ${me} or b.guru_pengajar_id = ${me})`);
  return { data: rows.map(({ guru: _g, ...r }): BerandaGuruRow => r) };
}

/** Which class kinds the caller is homeroom teacher of: regular (wali) and elective (pilihan). */
function waliJenis(actor: Actor): number[] {
  const jenis: number[] = [];
  if (actor.roles.includes('wali')) jenis.push(1);
  if (actor.roles.includes('pilihan')) jenis.push(16);
  return jenis;
}

/** Beranda wali kelas: the caller's classes, each with its subjects, teachers and progress. */
export async function berandaWali(db: Db, actor: Actor): Promise<BerandaWaliResponse> {
  const jenis = waliJenis(actor);
  if (!actor.guruId || jenis.length === 0) throw forbidden(MESSAGES.forbidden);
  const classes = await db
    .select({
      id: rombonganBelajar.rombonganBelajarId,
      nama: rombonganBelajar.nama,
      jenis: rombonganBelajar.jenisRombel,
      kunci: rombonganBelajar.kunciNilai,
    })
    .from(rombonganBelajar)
    .where(
      and(
        eq(rombonganBelajar.sekolahId, actor.sekolahId),
        eq(rombonganBelajar.semesterId, actor.semesterId),
        eq(rombonganBelajar.guruId, actor.guruId),
        isNull(rombonganBelajar.deletedAt),
        inArray(rombonganBelajar.jenisRombel, jenis),
      ),
    )
    .orderBy(rombonganBelajar.jenisRombel, rombonganBelajar.nama);
  const ids = classes.map((c) => c.id);
  const list = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  const rows = ids.length ? await subjects(db, actor, sql`b.rombongan_belajar_id in (${list})`) : [];
  const kelas = classes.map(
    (c): BerandaWaliKelas => ({
      rombongan_belajar_id: c.id,
      nama: c.nama,
      jenis_rombel: c.jenis,
      kunci_nilai: c.kunci,
      can_lock: c.jenis === 1,
      pembelajaran: rows
        .filter((r) => r.rombongan_belajar_id === c.id)
        .map(
          (r): BerandaWaliSubject => ({
            pembelajaran_id: r.pembelajaran_id,
            nama_mata_pelajaran: r.nama_mata_pelajaran,
            induk_pembelajaran_id: r.induk_pembelajaran_id,
            guru: r.guru,
            pd: r.pd,
            pd_dinilai: r.pd_dinilai,
          }),
        ),
    }),
  );
  return { status_penilaian: await getStatusPenilaian(db, actor), kelas };
}

/**
 * The final grade shown for a pupil: Kurikulum Merdeka (4), else K13 (1), Pusat Keunggulan (3),
 * then a parent subject's own grade (99).
 */
const nilaiAkhirOf = sql<number | null>`(select n.nilai from ${nilaiAkhir} n
  where n.anggota_rombel_id = ${anggotaRombel}.anggota_rombel_id and n.pembelajaran_id = ${pembelajaran}.pembelajaran_id
  order by case n.kompetensi_id when 4 then 0 when 1 then 1 when 3 then 2 when 99 then 3 else 4 end limit 1)`;

/**
 * Detil: the class's pupils with their nilai akhir and capaian texts, each marked whether the
 * shared counting rules expect them. Readers: the teacher and the class's wali (viewer 'beranda'),
 * or the Waka (viewer 'waka', Monitoring › Nilai Akademik, who generates nothing).
 */
export async function berandaDetail(
  db: Db,
  actor: Actor,
  pembelajaranId: string,
  viewer: 'beranda' | 'waka' = 'beranda',
): Promise<BerandaDetailResponse> {
  if (viewer === 'waka' && !actor.roles.includes('waka')) throw forbidden(MESSAGES.forbidden);
  const [subject] = await db
    .select({
      id: pembelajaran.pembelajaranId,
      nama: pembelajaran.namaMataPelajaran,
      mapel: pembelajaran.mataPelajaranId,
      rombelId: pembelajaran.rombonganBelajarId,
      rombel: rombonganBelajar.nama,
      jenis: rombonganBelajar.jenisRombel,
      waliId: rombonganBelajar.guruId,
      guruId: pembelajaran.guruId,
      pengajarId: pembelajaran.guruPengajarId,
      guru: sql<string | null>`(select g.nama from ${guru} g
        where g.guru_id = coalesce(${pembelajaran.guruPengajarId}, ${pembelajaran.guruId}))`,
      hasActiveSub: sql<boolean>`exists (select 1 from ${pembelajaran} c
        where c.induk_pembelajaran_id = ${pembelajaran}.pembelajaran_id and c.deleted_at is null
          and c.kelompok_id is not null and c.no_urut is not null)`,
    })
    .from(pembelajaran)
    .innerJoin(rombonganBelajar, eq(rombonganBelajar.rombonganBelajarId, pembelajaran.rombonganBelajarId))
    .where(
      and(
        eq(pembelajaran.pembelajaranId, pembelajaranId),
        eq(pembelajaran.sekolahId, actor.sekolahId),
        eq(pembelajaran.semesterId, actor.semesterId),
        isNull(pembelajaran.deletedAt),
        isNull(rombonganBelajar.deletedAt),
      ),
    );
  if (!subject) throw notFound(BERANDA_PENILAIAN_MESSAGES.pembelajaranNotFound);
  const me = actor.guruId;
  const teaches =
    !!me && actor.roles.includes('guru') && (subject.guruId === me || subject.pengajarId === me);
  const isWali =
    viewer === 'beranda' && !!me && subject.waliId === me && waliJenis(actor).includes(subject.jenis);
  if (viewer === 'beranda' && !teaches && !isWali) throw forbidden(MESSAGES.forbidden);

  const rows = await db
    .select({
      anggota_rombel_id: anggotaRombel.anggotaRombelId,
      nama: pesertaDidik.nama,
      nisn: pesertaDidik.nisn,
      agama: refAgama.nama,
      nilai_akhir: nilaiAkhirOf,
      agama_id: pesertaDidik.agamaId,
      left: sql<boolean>`exists (select 1 from ${pdKeluar} k
        where k.peserta_didik_id = ${anggotaRombel}.peserta_didik_id and k.semester_id <= ${actor.semesterId})`,
      capaian_dicapai: deskripsiMataPelajaran.deskripsiPengetahuan,
      capaian_ditingkatkan: deskripsiMataPelajaran.deskripsiKeterampilan,
    })
    .from(anggotaRombel)
    .innerJoin(pesertaDidik, eq(pesertaDidik.pesertaDidikId, anggotaRombel.pesertaDidikId))
    .innerJoin(pembelajaran, eq(pembelajaran.pembelajaranId, pembelajaranId))
    .leftJoin(refAgama, eq(refAgama.id, pesertaDidik.agamaId))
    .leftJoin(
      deskripsiMataPelajaran,
      and(
        eq(deskripsiMataPelajaran.anggotaRombelId, anggotaRombel.anggotaRombelId),
        eq(deskripsiMataPelajaran.pembelajaranId, pembelajaranId),
      ),
    )
    .where(and(eq(anggotaRombel.rombonganBelajarId, subject.rombelId), isNull(anggotaRombel.deletedAt)))
    .orderBy(pesertaDidik.nama, anggotaRombel.anggotaRombelId);
  return {
    title: BERANDA_PENILAIAN_MESSAGES.detailTitle(subject.nama),
    pembelajaran: {
      pembelajaran_id: subject.id,
      nama_mata_pelajaran: subject.nama,
      rombel: subject.rombel,
      guru: subject.guru,
    },
    sub_mapel: subject.hasActiveSub ? { can_generate: isWali && subject.jenis === 1 } : null,
    pkl:
      subject.mapel === MAPEL_PKL
        ? {
            can_generate:
              viewer === 'beranda' &&
              !!me &&
              pklInSemester(actor.semesterId) &&
              actor.roles.includes('pembimbing') &&
              (subject.guruId === me || subject.pengajarId === me),
          }
        : null,
    data: rows.map(({ agama_id, left, ...r }, i) => ({
      no: i + 1,
      ...r,
      nilai_akhir: r.nilai_akhir === null ? null : Number(r.nilai_akhir),
      diharapkan: isExpected(subject.mapel, {
        agamaId: agama_id,
        left: left === true || String(left) === 'true',
      }),
    })),
  };
}

/**
 * The homeroom teacher's switch (reference-screens §3.3): locks or unlocks the grades of their
 * regular class. The administrator may do it for any class (e.g. a wali who is away).
 */
export async function setKunciNilai(
  db: Db,
  actor: Actor,
  rombonganBelajarId: string,
  kunci: boolean,
): Promise<{ message: string; kunci_nilai: boolean }> {
  const [rombel] = await db
    .select({ guruId: rombonganBelajar.guruId })
    .from(rombonganBelajar)
    .where(
      and(
        eq(rombonganBelajar.rombonganBelajarId, rombonganBelajarId),
        eq(rombonganBelajar.sekolahId, actor.sekolahId),
        eq(rombonganBelajar.semesterId, actor.semesterId),
        eq(rombonganBelajar.jenisRombel, 1),
        isNull(rombonganBelajar.deletedAt),
      ),
    );
  if (!rombel) throw notFound(BERANDA_PENILAIAN_MESSAGES.rombelNotFound);
  const isWali = actor.roles.includes('wali') && !!actor.guruId && rombel.guruId === actor.guruId;
  if (!isWali && !hasAnyRole(actor, KUNCI_NILAI_ADMIN_ROLES))
    throw forbidden(BERANDA_PENILAIAN_MESSAGES.notWali);
  await db
    .update(rombonganBelajar)
    .set({ kunciNilai: kunci, updatedAt: sql`now()` })
    .where(eq(rombonganBelajar.rombonganBelajarId, rombonganBelajarId));
  return { message: BERANDA_PENILAIAN_MESSAGES.kunciSaved, kunci_nilai: kunci };
}
