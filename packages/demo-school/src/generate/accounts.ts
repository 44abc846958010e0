import { MAPEL } from '../curriculum.ts';
import type { DemoAccountKey, DemoAccounts, DemoSchool } from '../types.ts';
import {
  DEMO_PEOPLE,
  demoTeacher,
  type GenerateContext,
  k13KelasOf,
  pklKelasOf,
  required,
  type Teacher,
  waliKelasOf,
} from './context.ts';

const DEMO_ROLES: Record<DemoAccountKey, string[]> = {
  admin: ['admin'],
  guru: ['guru'],
  wali: ['guru', 'wali'],
  kaprog: ['guru', 'kaprog'],
  waka: ['guru', 'waka'],
  ekskul: ['guru', 'pembina_ekskul'],
  pkl: ['guru', 'pembimbing'],
  p5: ['guru', 'guru-p5'],
  siswa: ['siswa'],
};

/** Phase (no draws): the demo accounts and the records the demo's tours start from. */
export function demoAccountsAndRelations(
  ctx: GenerateContext,
): Pick<DemoSchool, 'demoAccounts' | 'relations'> {
  const { pengguna, ekstrakurikuler, pembelajaranByKey, jurusanSp, pklAktPdIds } = ctx;
  const adminPengguna = required(ctx.adminPengguna, 'the admin pengguna');
  const p5Teacher = required(ctx.p5Teacher, 'p5@');
  const p5Kelas = required(ctx.p5Kelas, "p5@'s class");
  const siswa = required(ctx.siswa, 'siswa@');
  const waliKelas = waliKelasOf(ctx);
  const k13Kelas = k13KelasOf(ctx);
  const pklKelas = pklKelasOf(ctx);
  const ekskulDemo = ctx.teachers.find((t) => t.demo === 'ekskul');
  const penggunaOf = (ptk_id: string) => pengguna.find((p) => p.ptk_id === ptk_id)?.pengguna_id ?? null;
  const display = (t: Teacher) => [t.ptk.nama, ...t.gelar.map((g) => g.kode)].join(', ');
  const demoAccounts = {} as DemoAccounts;
  demoAccounts.admin = {
    email: adminPengguna.username,
    nama: adminPengguna.nama,
    roles: DEMO_ROLES.admin,
    pengguna_id: adminPengguna.pengguna_id,
    ptk_id: null,
    peserta_didik_id: null,
  };
  for (const key of Object.keys(DEMO_PEOPLE) as (keyof typeof DEMO_PEOPLE)[]) {
    const t = demoTeacher(ctx, key);
    demoAccounts[key] = {
      email: t.ptk.email ?? '',
      nama: display(t),
      roles: DEMO_ROLES[key],
      pengguna_id: penggunaOf(t.ptk.ptk_id),
      ptk_id: t.ptk.ptk_id,
      peserta_didik_id: null,
    };
  }
  demoAccounts.p5 = {
    email: p5Teacher.ptk.email ?? '',
    nama: display(p5Teacher),
    roles: DEMO_ROLES.p5,
    pengguna_id: penggunaOf(p5Teacher.ptk.ptk_id),
    ptk_id: p5Teacher.ptk.ptk_id,
    peserta_didik_id: null,
  };
  demoAccounts.siswa = {
    email: 'siswa@demo.sch.id',
    nama: siswa.nama,
    roles: DEMO_ROLES.siswa,
    pengguna_id: null,
    ptk_id: null,
    peserta_didik_id: siswa.peserta_didik_id,
  };
  const futsal = ekstrakurikuler.find((e) => e.pembina_ptk_id === ekskulDemo?.ptk.ptk_id);
  const relations = {
    waliRombelId: waliKelas.id,
    k13RombelId: k13Kelas?.id ?? '',
    guruK13PembelajaranId: k13Kelas
      ? (pembelajaranByKey.get(`${k13Kelas.id}|${MAPEL.mtk}`)?.pembelajaran_id ?? '')
      : '',
    kaprogJurusanSpId: jurusanSp.TJKT?.jurusan_sp_id ?? '',
    ekskulId: futsal?.ID_kelas_ekskul ?? '',
    pklPembelajaranId: pklKelas
      ? (pembelajaranByKey.get(`${pklKelas.id}|${MAPEL.pkl}`)?.pembelajaran_id ?? '')
      : '',
    pklAktPdIds,
    p5RombelId: p5Kelas.id,
  };
  return { demoAccounts, relations };
}
