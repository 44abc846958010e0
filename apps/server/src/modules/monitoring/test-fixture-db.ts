import { MAPEL_P5_INDUK } from '@erapor/contract/projek/rules';
import {
  FIXTURE_GURU,
  FIXTURE_PUPILS,
  FIXTURE_ROMBEL,
  FIXTURE_SUBJECTS,
} from '@erapor/contract/test/monitoring-fixture';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { sqlRows } from '../../db/sql-rows';
import { deskripsiMataPelajaran, nilaiAkhir, nilaiEkstrakurikuler } from '../../db/tables/penilaian';
import { aspekBudayaKerja, nilaiBudayaKerja, rencanaBudayaKerja } from '../../db/tables/projek';
import {
  anggotaRombel,
  ekstrakurikuler,
  guru,
  jurusanSp,
  pdKeluar,
  pembelajaran,
  pesertaDidik,
  rombonganBelajar,
} from '../../db/tables/referensi';
import { sekolah } from '../../db/tables/sekolah';
import { nilaiUkk, refPaketUkk, rencanaUkk } from '../../db/tables/ukk';
import { catatanWali } from '../../db/tables/wali-kelas';
import { staffToken } from '../penilaian/beranda/test-accounts';

/**
 * Test fixture: writes the hand-computed school of packages/contract/src/test/monitoring-fixture.ts
 * as a school of its own (NPSN `npsn`) in `semesterId`, with a Waka log-in (`email`). Ids are
 * derived from `seed` (one per test file) and the fixture's keys, and returned by key.
 */
export async function writeMonitoringFixture(
  app: FastifyInstance,
  db: Db,
  opts: { seed: number; npsn: string; semesterId: string; email: string },
) {
  let n = 0;
  const ids = new Map<string, string>();
  const id = (key: string) => {
    let v = ids.get(key);
    if (!v) {
      n += 1;
      v = `00000000-${String(opts.seed).padStart(4, '0')}-4000-8000-${String(n).padStart(12, '0')}`;
      ids.set(key, v);
    }
    return v;
  };
  const sekolahId = id('sekolah');
  await db.insert(sekolah).values({ sekolahId, npsn: opts.npsn, nama: `SMK Fixture ${opts.npsn}` });
  await db.insert(guru).values(
    [...Object.entries(FIXTURE_GURU), ['waka', 'Waka Fixture'] as const].map(([key, nama]) => ({
      guruId: id(`guru:${key}`),
      sekolahId,
      nama,
      jenisPtkId: 3,
    })),
  );
  await db.insert(jurusanSp).values({
    jurusanSpId: id('jurusan'),
    sekolahId,
    jurusanId: '8301',
    namaJurusanSp: 'Teknik Jaringan Fixture',
  });
  await db.insert(rombonganBelajar).values(
    Object.entries(FIXTURE_ROMBEL).map(([key, r]) => ({
      rombonganBelajarId: id(`rombel:${key}`),
      sekolahId,
      semesterId: opts.semesterId,
      nama: r.nama,
      tingkat: r.tingkat,
      jenisRombel: 1,
      jurusanSpId: id('jurusan'),
      kunciNilai: r.kunci,
    })),
  );
  await db.insert(pesertaDidik).values(
    FIXTURE_PUPILS.map((p) => ({
      pesertaDidikId: id(`pd:${p.key}`),
      sekolahId,
      nama: p.nama,
      nisn: `99${String(opts.seed).padStart(4, '0')}${p.key.charCodeAt(0)}${p.key.slice(1)}`,
      agamaId: p.agama,
    })),
  );
  await db.insert(anggotaRombel).values(
    FIXTURE_PUPILS.map((p) => ({
      anggotaRombelId: id(`ar:${p.key}`),
      sekolahId,
      semesterId: opts.semesterId,
      rombonganBelajarId: id(`rombel:${p.rombel}`),
      pesertaDidikId: id(`pd:${p.key}`),
      deletedAt: p.left === 'removed' ? new Date() : null,
    })),
  );
  const keluar = FIXTURE_PUPILS.filter((p) => p.left === 'keluar');
  if (keluar.length)
    await db.insert(pdKeluar).values(
      keluar.map((p) => ({
        sekolahId,
        semesterId: opts.semesterId,
        pesertaDidikId: id(`pd:${p.key}`),
        jenisKeluarId: 2,
      })),
    );
  // Parents first: a sub-subject references its induk.
  const ordered = [...FIXTURE_SUBJECTS].sort((a, b) => Number(!!a.induk) - Number(!!b.induk));
  await db.insert(pembelajaran).values(
    ordered.map((s, i) => ({
      pembelajaranId: id(`pb:${s.key}`),
      sekolahId,
      semesterId: opts.semesterId,
      rombonganBelajarId: id(`rombel:${s.rombel}`),
      guruId: id(`guru:${s.guru}`),
      mataPelajaranId: s.mapel,
      namaMataPelajaran: s.nama,
      kelompokId: 1,
      noUrut: i + 1,
      indukPembelajaranId: s.induk ? id(`pb:${s.induk}`) : null,
    })),
  );
  const grades = FIXTURE_SUBJECTS.flatMap((s) =>
    s.graded.map((p) => ({
      sekolahId,
      anggotaRombelId: id(`ar:${p}`),
      pembelajaranId: id(`pb:${s.key}`),
      kompetensiId: 4,
      nilai: 80,
    })),
  );
  if (grades.length) await db.insert(nilaiAkhir).values(grades);
  const capaian = FIXTURE_SUBJECTS.flatMap((s) =>
    (s.capaian ?? []).map((p) => ({
      sekolahId,
      anggotaRombelId: id(`ar:${p}`),
      pembelajaranId: id(`pb:${s.key}`),
      deskripsiPengetahuan: 'Menunjukkan penguasaan yang baik',
    })),
  );
  if (capaian.length) await db.insert(deskripsiMataPelajaran).values(capaian);
  const token = await staffToken(
    app,
    db,
    { sekolahId, semesterId: opts.semesterId },
    {
      guruId: id('guru:waka'),
      email: opts.email,
      roles: ['waka'],
    },
  );
  return { sekolahId, token, id };
}

/**
 * Nilai Ekstrakurikuler's hand-computed part (issue #14 item 5), on top of the fixture school:
 * members are the school's pupils (FIXTURE_PUPILS: P4 left, registered in pd_keluar); `removed`
 * members had their ekskul membership deleted. Values worked out by hand:
 *   Paskibra  citra  members P3                  graded -        → 1 / 0   0,0   Belum dinilai
 *   Pramuka   ani    P1 P2 P4(left) P5(removed) Q1; graded P1 P4 P5 → 3 / 1  33,3  Sebagian
 *   Futsal    budi (through its rombel's guru)  Q2 Q3; graded both  → 2 / 2 100,0  Lengkap
 *   Tari      citra  no members                                     → 0 / 0  "-"
 * School: 6 expected, 3 dinilai = 50,0 %; 3 ekskul counted, 1 complete, 1 not started.
 */
export const FIXTURE_EKSKUL = [
  {
    key: 'paskibra',
    nama: 'Paskibra Fixture',
    guru: 'citra',
    members: ['P3'],
    removed: [],
    graded: [],
    expect: { expected: 1, dinilai: 0, percent: 0, status: 'belum' },
  },
  {
    key: 'pramuka',
    nama: 'Pramuka Fixture',
    guru: 'ani',
    members: ['P1', 'P2', 'P4', 'P5', 'Q1'],
    removed: ['P5'],
    graded: ['P1', 'P4', 'P5'],
    expect: { expected: 3, dinilai: 1, percent: 33.3, status: 'sebagian' },
  },
  {
    key: 'futsal',
    nama: 'Futsal Fixture',
    guru: 'budi',
    viaRombel: true,
    members: ['Q2', 'Q3'],
    removed: [],
    graded: ['Q2', 'Q3'],
    expect: { expected: 2, dinilai: 2, percent: 100, status: 'lengkap' },
  },
  {
    key: 'tari',
    nama: 'Tari Fixture',
    guru: 'citra',
    members: [],
    removed: [],
    graded: [],
    expect: { expected: 0, dinilai: 0, percent: null, status: null },
  },
] as const;

export const FIXTURE_EKSKUL_TOTALS = {
  expected: 6,
  dinilai: 3,
  percent: 50,
  items_total: 3,
  items_lengkap: 1,
  items_belum: 1,
} as const;

export async function writeEkskulFixture(
  app: FastifyInstance,
  db: Db,
  fx: { sekolahId: string; id: (key: string) => string },
  opts: { semesterId: string; pembinaEmail: string },
) {
  const { sekolahId, id } = fx;
  for (const e of FIXTURE_EKSKUL) {
    const viaRombel = 'viaRombel' in e && e.viaRombel;
    const rombelId = id(`rombel:ekskul:${e.key}`);
    await db.insert(rombonganBelajar).values({
      rombonganBelajarId: rombelId,
      sekolahId,
      semesterId: opts.semesterId,
      nama: e.nama,
      tingkat: 10,
      jenisRombel: 51,
      guruId: viaRombel ? id(`guru:${e.guru}`) : null,
    });
    await db.insert(ekstrakurikuler).values({
      ekstrakurikulerId: id(`ekskul:${e.key}`),
      sekolahId,
      semesterId: opts.semesterId,
      namaEkskul: e.nama,
      guruId: viaRombel ? null : id(`guru:${e.guru}`),
      rombonganBelajarId: rombelId,
    });
    if (e.members.length)
      await db.insert(anggotaRombel).values(
        e.members.map((p) => ({
          anggotaRombelId: id(`ar:ekskul:${e.key}:${p}`),
          sekolahId,
          semesterId: opts.semesterId,
          rombonganBelajarId: rombelId,
          pesertaDidikId: id(`pd:${p}`),
          deletedAt: (e.removed as readonly string[]).includes(p) ? new Date() : null,
        })),
      );
    if (e.graded.length)
      await db.insert(nilaiEkstrakurikuler).values(
        e.graded.map((p, i) => ({
          sekolahId,
          anggotaRombelId: id(`ar:ekskul:${e.key}:${p}`),
          ekstrakurikulerId: id(`ekskul:${e.key}`),
          nilai: (i % 4) + 1,
          deskripsiEkskul: `Deskripsi ${p}`,
        })),
      );
  }
  return staffToken(
    app,
    db,
    { sekolahId, semesterId: opts.semesterId },
    { guruId: id('guru:ani'), email: opts.pembinaEmail, roles: ['guru', 'pembina_ekskul'] },
  );
}

/** The first Kurikulum Merdeka of the reference (a class with it is a Merdeka class). */
async function merdekaKurikulum(db: Db): Promise<number> {
  const [k] = await sqlRows<{ id: number }>(
    db,
    sql`select kurikulum_id as id from ref_kurikulum where nama_kurikulum ilike '%merdeka%' order by kurikulum_id limit 1`,
  );
  if (!k) throw new Error('no Kurikulum Merdeka in ref_kurikulum');
  return Number(k.id);
}

/**
 * Nilai Projek before 20251 (issue #14 item 4), on the fixture school written in a semester < 20251.
 * Both classes are Merdeka; a third class (K13, no P5) is not a row. Worked out by hand:
 *   X FIX 1  Koord citra, 2 themes, 2 projects: P1 (sub-elements s1, s2), P2 (s3) → 3 sub-elements
 *            live members P1 P2 P3 (P4 left, P5 removed) → 3 × 3 = 9 cells
 *            scored: P1 s1 s2 s3, P2 s1, P4 s1 s2 (left), P5 s3 (removed) → 4 count → 4 / 9 = 44,4 % Sebagian
 *            per project: projek 1 6 / 3, projek 2 3 / 1
 *   XI FIX 1 Koord budi, 1 theme, no project → "-", flagged "Belum ada projek"
 *   School: 9 / 4 = 44,4 %; items 1, complete 0, not started 0; 1 class without a project.
 */
export const FIXTURE_PROJEK = {
  A: { jumlah_tema: 2, jumlah_projek: 2, jumlah_sub_elemen: 3, expected: 9, dinilai: 4, percent: 44.4 },
  B: { jumlah_tema: 1, jumlah_projek: 0, jumlah_sub_elemen: 0, expected: 0, dinilai: 0, percent: null },
  projek: [
    { nama: 'Projek Satu', expected: 6, dinilai: 3, sub: 2 },
    { nama: 'Projek Dua', expected: 3, dinilai: 1, sub: 1 },
  ],
  totals: {
    expected: 9,
    dinilai: 4,
    percent: 44.4,
    items_total: 1,
    items_lengkap: 0,
    items_belum: 0,
    tanpa_projek: 1,
  },
} as const;

export async function writeProjekFixture(
  db: Db,
  fx: { sekolahId: string; id: (key: string) => string },
  semesterId: string,
) {
  const { sekolahId, id } = fx;
  const merdeka = await merdekaKurikulum(db);
  for (const key of ['A', 'B'])
    await db
      .update(rombonganBelajar)
      .set({ kurikulumId: merdeka })
      .where(sql`${rombonganBelajar.rombonganBelajarId} = ${id(`rombel:${key}`)}`);
  await db.insert(rombonganBelajar).values({
    rombonganBelajarId: id('rombel:C'),
    sekolahId,
    semesterId,
    nama: 'XII FIX K13',
    tingkat: 12,
    jenisRombel: 1,
  });
  const p5 = (rombel: string, guruKey: string, themes: number) => [
    {
      pembelajaranId: id(`p5:${rombel}`),
      sekolahId,
      semesterId,
      rombonganBelajarId: id(`rombel:${rombel}`),
      guruId: id(`guru:${guruKey}`),
      mataPelajaranId: MAPEL_P5_INDUK,
      namaMataPelajaran: 'Projek Penguatan Profil Pelajar Pancasila',
    },
    ...Array.from({ length: themes }, (_, i) => ({
      pembelajaranId: id(`p5:${rombel}:tema${i + 1}`),
      sekolahId,
      semesterId,
      rombonganBelajarId: id(`rombel:${rombel}`),
      guruId: id(`guru:${guruKey}`),
      mataPelajaranId: MAPEL_P5_INDUK + (i + 1) * 10,
      namaMataPelajaran: `Tema ${i + 1}`,
      indukPembelajaranId: id(`p5:${rombel}`),
    })),
  ];
  const [parentA, ...themesA] = p5('A', 'citra', 2);
  const [parentB, ...themesB] = p5('B', 'budi', 1);
  if (!parentA || !parentB) throw new Error('no P5 parent');
  await db.insert(pembelajaran).values([parentA, parentB]);
  await db.insert(pembelajaran).values([...themesA, ...themesB]);
  const subs = await sqlRows<{ no: number }>(db, sql`select no from ref_p5_sub_elemen order by no limit 3`);
  const [s1, s2, s3] = subs.map((s) => Number(s.no));
  if (s3 === undefined || s1 === undefined || s2 === undefined) throw new Error('no P5 sub-elements');
  await db.insert(rencanaBudayaKerja).values([
    {
      rencanaBudayaKerjaId: id('projek:1'),
      sekolahId,
      rombonganBelajarId: id('rombel:A'),
      pembelajaranId: id('p5:A:tema1'),
      nama: 'Projek Satu',
      deskripsi: 'Deskripsi satu',
      noUrut: 1,
    },
    {
      rencanaBudayaKerjaId: id('projek:2'),
      sekolahId,
      rombonganBelajarId: id('rombel:A'),
      pembelajaranId: id('p5:A:tema2'),
      nama: 'Projek Dua',
      deskripsi: 'Deskripsi dua',
      noUrut: 2,
    },
  ]);
  const aspek = { s1: id('aspek:s1'), s2: id('aspek:s2'), s3: id('aspek:s3') };
  await db.insert(aspekBudayaKerja).values([
    {
      aspekBudayaKerjaId: aspek.s1,
      sekolahId,
      rencanaBudayaKerjaId: id('projek:1'),
      budayaKerjaId: 1,
      elemenId: s1,
    },
    {
      aspekBudayaKerjaId: aspek.s2,
      sekolahId,
      rencanaBudayaKerjaId: id('projek:1'),
      budayaKerjaId: 1,
      elemenId: s2,
    },
    {
      aspekBudayaKerjaId: aspek.s3,
      sekolahId,
      rencanaBudayaKerjaId: id('projek:2'),
      budayaKerjaId: 2,
      elemenId: s3,
    },
  ]);
  const scored: [string, keyof typeof aspek][] = [
    ['P1', 's1'],
    ['P1', 's2'],
    ['P1', 's3'],
    ['P2', 's1'],
    ['P4', 's1'],
    ['P4', 's2'],
    ['P5', 's3'],
  ];
  await db.insert(nilaiBudayaKerja).values(
    scored.map(([p, s]) => ({
      sekolahId,
      anggotaRombelId: id(`ar:${p}`),
      aspekBudayaKerjaId: aspek[s],
      opsiId: 3,
    })),
  );
}

/**
 * Nilai Projek from 20251: the classes' kokurikuler texts. Wali: X FIX 1 ani, XI FIX 1 budi.
 *   X FIX 1  live P1 P2 P3; texts P1, P2 (blank: not counted), P4 (left) → 3 / 1 = 33,3 % Sebagian
 *   XI FIX 1 live Q1 Q2 Q3; texts all three → 3 / 3 = 100,0 % Lengkap
 *   School: 6 / 4 = 66,7 %; items 2, complete 1, not started 0.
 */
export const FIXTURE_KOKURIKULER = {
  A: { expected: 3, dinilai: 1, percent: 33.3, status: 'sebagian' },
  B: { expected: 3, dinilai: 3, percent: 100, status: 'lengkap' },
  totals: { expected: 6, dinilai: 4, percent: 66.7, items_total: 2, items_lengkap: 1, items_belum: 0 },
} as const;

export async function writeKokurikulerFixture(
  db: Db,
  fx: { sekolahId: string; id: (key: string) => string },
) {
  const { sekolahId, id } = fx;
  await db
    .update(rombonganBelajar)
    .set({ guruId: id('guru:ani') })
    .where(sql`${rombonganBelajar.rombonganBelajarId} = ${id('rombel:A')}`);
  await db
    .update(rombonganBelajar)
    .set({ guruId: id('guru:budi') })
    .where(sql`${rombonganBelajar.rombonganBelajarId} = ${id('rombel:B')}`);
  const texts: [string, string][] = [
    ['P1', 'Melalui kegiatan kokurikuler ananda aktif.'],
    ['P2', '   '],
    ['P4', 'Sudah keluar.'],
    ['Q1', 'Baik.'],
    ['Q2', 'Baik sekali.'],
    ['Q3', 'Aktif.'],
  ];
  await db.insert(catatanWali).values(
    texts.map(([p, uraian]) => ({
      sekolahId,
      anggotaRombelId: id(`ar:${p}`),
      type: 'kokurikuler',
      uraianDeskripsi: uraian,
    })),
  );
}

/**
 * Nilai UKK (issue #14 item 6) on the fixture school. Worked out by hand (Kompeten from 70):
 *   plan 1  X FIX 1, paket 01, internal ani: P1 85 K, P2 60 BK, P3 -, P4 90 (left), P5 50 (removed)
 *           → 3 / 2, Kompeten 1, Belum Kompeten 1, 66,7 % Sebagian
 *   plan 2  XI FIX 1, paket 02, internal budi: Q1 70 K, Q2 69 BK, Q3 100 K → 3 / 3, 2 / 1, 100,0 % Lengkap
 *   plan 3  X FIX 1, paket 02, internal ani: nobody → "-"
 *   School: 6 / 5 = 83,3 %, Kompeten 3, Belum Kompeten 2; items 2, complete 1, not started 0.
 */
export const FIXTURE_UKK = {
  plans: [
    { key: '1', expected: 3, dinilai: 2, kompeten: 1, belum_kompeten: 1, percent: 66.7, status: 'sebagian' },
    { key: '2', expected: 3, dinilai: 3, kompeten: 2, belum_kompeten: 1, percent: 100, status: 'lengkap' },
    { key: '3', expected: 0, dinilai: 0, kompeten: 0, belum_kompeten: 0, percent: null, status: null },
  ],
  totals: {
    expected: 6,
    dinilai: 5,
    percent: 83.3,
    items_total: 2,
    items_lengkap: 1,
    items_belum: 0,
    kompeten: 3,
    belum_kompeten: 2,
  },
} as const;

export async function writeUkkFixture(
  db: Db,
  fx: { sekolahId: string; id: (key: string) => string },
  semesterId: string,
) {
  const { sekolahId, id } = fx;
  await db.insert(refPaketUkk).values([
    {
      paketUkkId: id('paket:01'),
      sekolahId,
      jurusanId: '8301',
      kurikulumId: 1,
      nomorPaket: '01',
      namaPaketId: 'Paket Jaringan Fixture',
      namaPaketEn: 'Network package',
    },
    {
      paketUkkId: id('paket:02'),
      sekolahId,
      jurusanId: '8301',
      kurikulumId: 1,
      nomorPaket: '02',
      namaPaketId: 'Paket Server Fixture',
      namaPaketEn: 'Server package',
    },
  ]);
  const plan = (key: string, rombel: string, paket: string, internal: string) => ({
    rencanaUkkId: id(`ukk:${key}`),
    sekolahId,
    semesterId,
    rombonganBelajarId: id(`rombel:${rombel}`),
    paketUkkId: id(`paket:${paket}`),
    internal: id(`guru:${internal}`),
    eksternal: id('guru:citra'),
    tanggalSertifikat: '2026-06-01',
  });
  await db
    .insert(rencanaUkk)
    .values([plan('1', 'A', '01', 'ani'), plan('2', 'B', '02', 'budi'), plan('3', 'A', '02', 'ani')]);
  const scores: [string, string, number | null][] = [
    ['1', 'P1', 85],
    ['1', 'P2', 60],
    ['1', 'P3', null],
    ['1', 'P4', 90],
    ['1', 'P5', 50],
    ['2', 'Q1', 70],
    ['2', 'Q2', 69],
    ['2', 'Q3', 100],
  ];
  await db.insert(nilaiUkk).values(
    scores.map(([plan, p, nilai]) => ({
      sekolahId,
      rencanaUkkId: id(`ukk:${plan}`),
      anggotaRombelId: id(`ar:${p}`),
      pesertaDidikId: id(`pd:${p}`),
      nilai,
    })),
  );
}
