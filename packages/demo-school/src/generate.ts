/**
 * The one deterministic demo school of the project (server demo seed, Dapodik simulator, tests,
 * benchmarks): `generateSchool({ seed, semesterId, npsn, profile })` returns Dapodik-shaped records
 * (see types.ts) with stable v4-formatted UUIDs drawn from a seeded PRNG. Same input → byte-identical
 * JSON. No I/O: the only data read is the reference JSON imported by @erapor/reference-data.
 *
 * Stability: PTK, DUDI and school ids depend on (seed, profile, npsn) only; pupils and class
 * structure on the tahun ajaran as well; rombel, anggota_rombel and pembelajaran ids on the semester
 * (as in Dapodik, where they are new every semester).
 *
 * The work is done by phases (generate/*.ts), each a function of one shared GenerateContext
 * (generate/context.ts: the inputs, the RNG streams, the unique-value registries, the school so far):
 *   1. sekolah.ts          the school's id and its programmes (jurusan_sp)
 *   2. kelas.ts            the regular classes, and which host the religious minorities
 *   3. peserta-didik.ts    the pupils of each class (pupil.ts makes one)
 *   4. edge-pupils.ts      siswa@ and the pupil-level edge cases
 *   5. keluar.ts           the soft-deleted rombel and the pupils who left
 *   6. nipd-anggota.ts     nipd, anggota_rombel ids
 *   7. units.ts            the teaching units (subject × rombel) and the electives' rombels
 *   8. pools.ts            teachers per subject pool and each unit's slot (longest first)
 *   9. ptk.ts              the PTK records (ptk-record.ts makes one)
 *  10. kepegawaian.ts      employment mix, jenis PTK, NUPTK, tugas tambahan
 *  11. allocation.ts       each unit to its teacher, then the JP repair
 *  12. ptk-keluar.ts       the PTK who left (edge case)
 *  13. wali.ts             wali kelas (and the P5 coordinator rule)
 *  14. pembelajaran.ts     the pembelajaran records
 *  15. anggota-pilihan.ts  the electives' members
 *  16. ekskul.ts           the ekstrakurikuler
 *  17. pkl-groups.ts       DUDI, MoU and the PKL groups
 *  18. edge-cases.ts       the edge cases that need the finished school
 *  19. wilayah-sekolah.ts  the school's record and the wilayah rows in use
 *  20. koord-p5.ts         p5@
 *  21. pengguna.ts         the user accounts
 *  22. cp-kd.ts            CP and KD texts
 *  23. accounts.ts         the demo accounts and relations (no draws)
 *
 * The one rule: the RNG draw order is the phase order. Many streams are forked by label (pure), but
 * some are shared between phases (classRng, guruDomisili) and so are the unique-value registries
 * (nik, nisn, nuptk, e-mail): reordering phases or draws inside one changes the school. The digests in
 * generate.test.ts ('recorded output') catch that.
 */

import { demoAccountsAndRelations } from './generate/accounts.ts';
import { allocateUnits } from './generate/allocation.ts';
import { fillElectives } from './generate/anggota-pilihan.ts';
import { createContext, type GenerateOptions, required } from './generate/context.ts';
import { makeCapaianKd } from './generate/cp-kd.ts';
import { markEdgeCases } from './generate/edge-cases.ts';
import { markEdgePupils } from './generate/edge-pupils.ts';
import { makeEkskul } from './generate/ekskul.ts';
import { makeKelas } from './generate/kelas.ts';
import { makeKeluar } from './generate/keluar.ts';
import { assignKepegawaian } from './generate/kepegawaian.ts';
import { chooseKoordP5 } from './generate/koord-p5.ts';
import { numberPupils } from './generate/nipd-anggota.ts';
import { makePembelajaran } from './generate/pembelajaran.ts';
import { makePengguna } from './generate/pengguna.ts';
import { makePesertaDidik } from './generate/peserta-didik.ts';
import { makePklGroups } from './generate/pkl-groups.ts';
import { sizeTeacherPools } from './generate/pools.ts';
import { makePtkRecords } from './generate/ptk.ts';
import { makePtkKeluar } from './generate/ptk-keluar.ts';
import { makeSekolahJurusan } from './generate/sekolah.ts';
import { makeUnits } from './generate/units.ts';
import { assignWaliKelas } from './generate/wali.ts';
import { makeSekolahWilayah } from './generate/wilayah-sekolah.ts';
import type { DemoSchool } from './types.ts';

export type { GenerateOptions } from './generate/context.ts';

export const GENERATOR_VERSION = 'demo-school/1';

export function generateSchool(options: GenerateOptions): DemoSchool {
  const ctx = createContext(options);
  makeSekolahJurusan(ctx);
  makeKelas(ctx);
  makePesertaDidik(ctx);
  markEdgePupils(ctx);
  makeKeluar(ctx);
  numberPupils(ctx);
  makeUnits(ctx);
  sizeTeacherPools(ctx);
  makePtkRecords(ctx);
  assignKepegawaian(ctx);
  allocateUnits(ctx);
  makePtkKeluar(ctx);
  assignWaliKelas(ctx);
  makePembelajaran(ctx);
  fillElectives(ctx);
  makeEkskul(ctx);
  makePklGroups(ctx);
  markEdgeCases(ctx);
  makeSekolahWilayah(ctx);
  chooseKoordP5(ctx);
  makePengguna(ctx);
  makeCapaianKd(ctx);
  const { demoAccounts, relations } = demoAccountsAndRelations(ctx);

  const { kelasList, softDeleted } = ctx;
  return {
    meta: {
      generator: GENERATOR_VERSION,
      profile: ctx.profile.name,
      seed: ctx.seed,
      semester_id: ctx.semesterId,
      tahun_ajaran_id: ctx.tahun,
      npsn: ctx.npsn,
    },
    sekolah: required(ctx.sekolah, 'sekolah'),
    wilayah: ctx.wilayah,
    ptk: ctx.teachers.map((t) => t.ptk),
    ptk_keluar: ctx.ptkKeluar,
    rombongan_belajar: [
      ...kelasList.map((k) => k.rombel),
      ...(softDeleted ? [softDeleted.rombel] : []),
      ...ctx.electiveRombels.map((e) => e.rombel),
      ...ctx.ekskulRombels,
    ],
    peserta_didik: kelasList.flatMap((k) => k.members),
    peserta_didik_keluar: ctx.keluar,
    ekstrakurikuler: ctx.ekstrakurikuler,
    dudi: ctx.dudiList,
    pengguna: ctx.pengguna,
    capaian_pembelajaran: ctx.capaian,
    kompetensi_dasar: ctx.kd,
    demoAccounts,
    relations,
    edgeCases: ctx.edgeCases,
  };
}
