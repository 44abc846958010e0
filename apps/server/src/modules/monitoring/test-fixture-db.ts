import {
  FIXTURE_GURU,
  FIXTURE_PUPILS,
  FIXTURE_ROMBEL,
  FIXTURE_SUBJECTS,
} from '@erapor/contract/monitoring/test-fixture';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { staffToken } from '../penilaian/beranda/test-accounts';
import { deskripsiMataPelajaran, nilaiAkhir } from '../penilaian/tables';
import {
  anggotaRombel,
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
