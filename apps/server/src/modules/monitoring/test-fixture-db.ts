import {
  FIXTURE_GURU,
  FIXTURE_PUPILS,
  FIXTURE_ROMBEL,
  FIXTURE_SUBJECTS,
} from '@erapor/contract/monitoring/test-fixture';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { staffToken } from '../penilaian/beranda/test-accounts';
import { deskripsiMataPelajaran, nilaiAkhir, nilaiEkstrakurikuler } from '../penilaian/tables';
import {
  anggotaRombel,
  ekstrakurikuler,
  guru,
  jurusanSp,
  pdKeluar,
  pembelajaran,
  pesertaDidik,
  rombonganBelajar,
} from '../referensi/tables';
import { sekolah } from '../sekolah/tables';

/**
 * Test fixture: writes the hand-computed school of packages/contract/src/monitoring/test-fixture.ts
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
