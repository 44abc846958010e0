/**
 * The one context every phase of generateSchool (../generate.ts) reads and fills: the inputs, the RNG
 * streams and unique-value registries they share, and the school as built so far. A phase reads what
 * earlier phases put here and adds its own part; none keeps state of its own.
 */
import { mataPelajaranById } from '@erapor/reference-data/mata-pelajaran';
import { mataPelajaranKurikulum } from '@erapor/reference-data/mata-pelajaran-kurikulum';
import type { MstWilayah } from '@erapor/reference-data/wilayah';
import { K13_KURIKULUM_ID, type Pool, type UnitKind } from '../curriculum.ts';
import type { Gender } from '../names.ts';
import { type ClassSpec, PROFILES, type Profile } from '../profiles.ts';
import { Rng } from '../rng.ts';
import type {
  CapaianPembelajaran,
  DemoAccountKey,
  Dudi,
  EdgeCases,
  Ekstrakurikuler,
  JurusanSp,
  KompetensiDasar,
  Pembelajaran,
  Pengguna,
  PesertaDidik,
  ProfileName,
  Ptk,
  RombonganBelajar,
  Sekolah,
} from '../types.ts';
import { dayOf, Unique } from '../util.ts';

export interface GenerateOptions {
  seed?: number;
  /** e.g. '20251' (tahun ajaran 2025/2026, ganjil). */
  semesterId: string;
  npsn?: string;
  profile?: ProfileName;
}

/** A regular class while it is built: its spec, rombel and pupils. */
export interface Kelas {
  spec: ClassSpec;
  id: string;
  nama: string;
  tingkat: number;
  kurikulum_id: number;
  jurusan_sp_id: string;
  intake: number;
  members: PesertaDidik[];
  rombel: RombonganBelajar;
  agamaPresent: number[];
}

export interface Teacher {
  idx: number;
  pool: Pool | 'TENDIK';
  ptk: Ptk;
  demo: DemoAccountKey | null;
  gelar: { kode: string; posisi: string }[];
  load: number;
  kepsek: boolean;
}

/** One subject taught in one rombel, before it has a teacher. */
export interface Unit {
  kelas: Kelas | null; // null for electives (rombel given)
  rombel: RombonganBelajar;
  mapel: number;
  jam: number;
  pool: Pool;
  kind: UnitKind;
  avoidDemo: boolean;
  /** Demo person who must teach this unit. */
  forced: DemoPerson | null;
  /** Index of the teacher within its pool, decided by lpt(). */
  slot: number;
  teacher: Teacher | null;
  /** Sub-subject: key of its parent. */
  parentKey: string | null;
  key: string;
}

export interface ElectiveRombel {
  rombel: RombonganBelajar;
  unit: Unit;
  spec: Profile['electives'][number];
}

export type DemoPerson = Exclude<DemoAccountKey, 'admin' | 'siswa' | 'p5'>;

/** The demo people (names as the server's demo seed shows them). */
export const DEMO_PEOPLE: Record<
  DemoPerson,
  {
    pool: Pool;
    slot: number;
    nama: string;
    gender: Gender;
    s1: number;
    s2: number | null;
    jabatan: number | null;
  }
> = {
  guru: { pool: 'MTK', slot: 0, nama: 'Budi Santoso', gender: 'L', s1: 20, s2: null, jabatan: null },
  wali: { pool: 'BIND', slot: 0, nama: 'Siti Rahayu', gender: 'P', s1: 20, s2: null, jabatan: null },
  kaprog: { pool: 'PROD_TJKT', slot: 0, nama: 'Agus Wijaya', gender: 'L', s1: 17, s2: null, jabatan: 38 },
  pkl: { pool: 'PROD_TJKT', slot: 1, nama: 'Rina Marlina', gender: 'P', s1: 18, s2: null, jabatan: null },
  waka: { pool: 'BING', slot: 0, nama: 'Dewi Lestari', gender: 'P', s1: 20, s2: 48, jabatan: 46 },
  ekskul: { pool: 'PJOK', slot: 0, nama: 'Rudi Hartono', gender: 'L', s1: 20, s2: null, jabatan: 45 },
};

export const POOL_ORDER: readonly Pool[] = [
  'PAI',
  'PAK',
  'PAKAT',
  'PAH',
  'PAB',
  'PKN',
  'SEJ',
  'BIND',
  'BING',
  'MTK',
  'PJOK',
  'SENI',
  'BDAE',
  'INF',
  'IPAS',
  'PROD_TJKT',
  'PROD_PPLG',
  'PROD_AKL',
  'PROD_MPLB',
];

export interface GenerateContext {
  // ---- inputs
  seed: number;
  npsn: string;
  profile: Profile;
  semesterId: string;
  tahun: number;
  semStart: number;
  // ---- RNG streams (fork() is pure: a stream depends on its label only, not on when it is made)
  root: Rng;
  year: Rng;
  sem: Rng;
  /** Rombel ids: the regular classes, then the soft-deleted one. */
  classRng: Rng;
  /** PTK domiciles, in the order the PTK are made. */
  guruDomisili: Rng;
  // ---- values unique across the school
  nikReg: Unique;
  nisnReg: Unique;
  nuptkReg: Unique;
  emailReg: Unique;
  // ---- the school so far, in phase order
  sekolah_id: string;
  jurusanSp: Record<string, JurusanSp>;
  kelasList: Kelas[];
  /** class id → agama → pupils of that religious minority. */
  minorityCount: Map<string, Map<number, number>>;
  edgeCases: EdgeCases;
  siswa: PesertaDidik | null;
  softDeleted: Kelas | null;
  keluar: PesertaDidik[];
  units: Unit[];
  electiveRombels: ElectiveRombel[];
  keluarUnit: Unit | null;
  /** Teachers per pool, as the longest-first simulation decided. */
  teacherCount: Map<Pool, number>;
  teachers: Teacher[];
  gurus: Teacher[];
  byPool: Map<Pool, Teacher[]>;
  ptkKeluar: Ptk[];
  unitsByRombel: Map<string, Unit[]>;
  isWali: Set<Teacher>;
  waliOf: Map<Kelas, Teacher>;
  pembelajaranByKey: Map<string, Pembelajaran>;
  ekskulRombels: RombonganBelajar[];
  ekstrakurikuler: Ekstrakurikuler[];
  dudiList: Dudi[];
  pklAktPdIds: string[];
  sekolah: Sekolah | null;
  wilayah: MstWilayah[];
  p5Kelas: Kelas | null;
  p5Teacher: Teacher | null;
  adminPengguna: Pengguna | null;
  pengguna: Pengguna[];
  capaian: CapaianPembelajaran[];
  kd: KompetensiDasar[];
}

export function createContext(options: GenerateOptions): GenerateContext {
  const seed = options.seed ?? 42;
  const npsn = options.npsn ?? '69999999';
  const profileName = options.profile ?? 'smk-standard';
  const profile: Profile = PROFILES[profileName];
  if (!profile) throw new Error(`unknown profile ${profileName}`);
  const semesterId = options.semesterId;
  if (!/^\d{4}[12]$/.test(semesterId)) throw new Error(`semesterId must look like 20251, got ${semesterId}`);
  const tahun = Number(semesterId.slice(0, 4));
  const semester = Number(semesterId.slice(4));
  const root = new Rng(`erapor-demo:${seed}:${profile.name}:${npsn}`);
  const sem = root.fork(`semester/${semesterId}`);
  return {
    seed,
    npsn,
    profile,
    semesterId,
    tahun,
    semStart: semester === 1 ? dayOf(tahun, 7, 15) : dayOf(tahun + 1, 1, 6),
    root,
    year: root.fork(`tahun/${tahun}`),
    sem,
    classRng: sem.fork('rombel'),
    guruDomisili: root.fork('ptk-domisili'),
    nikReg: new Unique(),
    nisnReg: new Unique(),
    nuptkReg: new Unique(),
    emailReg: new Unique(),
    sekolah_id: '',
    jurusanSp: {},
    kelasList: [],
    minorityCount: new Map(),
    edgeCases: {
      duplicateNisn: [],
      nikNull: null,
      specialNames: [],
      waliWithoutEmail: null,
      emptyRombel: null,
      pembelajaranGuruKeluar: null,
      unknownKodeWilayah: null,
      capitalSoftDelete: null,
      softDeletedRombel: null,
      leaversOfSoftDeletedRombel: [],
    },
    siswa: null,
    softDeleted: null,
    keluar: [],
    units: [],
    electiveRombels: [],
    keluarUnit: null,
    teacherCount: new Map(),
    teachers: [],
    gurus: [],
    byPool: new Map(),
    ptkKeluar: [],
    unitsByRombel: new Map(),
    isWali: new Set(),
    waliOf: new Map(),
    pembelajaranByKey: new Map(),
    ekskulRombels: [],
    ekstrakurikuler: [],
    dudiList: [],
    pklAktPdIds: [],
    sekolah: null,
    wilayah: [],
    p5Kelas: null,
    p5Teacher: null,
    adminPengguna: null,
    pengguna: [],
    capaian: [],
    kd: [],
  };
}

/** A value a phase before this one must have set. */
export function required<T>(value: T | null | undefined, what: string): T {
  if (value === null || value === undefined) throw new Error(`generateSchool: ${what} not made yet`);
  return value;
}

// ---- lookups the phases share

/** wali@'s class: X TJKT 1 in every profile. */
export const waliKelasOf = (ctx: GenerateContext): Kelas => required(ctx.kelasList[0], 'the classes');
export const k13KelasOf = (ctx: GenerateContext) => ctx.kelasList.find((k) => k.spec.k13);
/** pkl@'s class: the first Merdeka grade-12 TJKT class. */
export const pklKelasOf = (ctx: GenerateContext) =>
  ctx.kelasList.find((k) => k.tingkat === 12 && k.spec.prog === 'TJKT' && !k.spec.k13);
export const kelasByNama = (ctx: GenerateContext, nama: string) => ctx.kelasList.find((k) => k.nama === nama);

export function demoTeacher(ctx: GenerateContext, key: DemoAccountKey): Teacher {
  const t = ctx.teachers.find((x) => x.demo === key);
  if (!t) throw new Error(`demo teacher ${key} missing`);
  return t;
}

/** The teachers of a class with their JP in it, most first. */
export function jpIn(ctx: GenerateContext, k: Kelas): [Teacher, number][] {
  const m = new Map<Teacher, number>();
  for (const u of ctx.unitsByRombel.get(k.id) ?? [])
    if (u.teacher) m.set(u.teacher, (m.get(u.teacher) ?? 0) + u.jam);
  return [...m].sort((a, b) => b[1] - a[1] || a[0].idx - b[0].idx);
}

const STATUS_DI_KURIKULUM = new Map<string, number>();
for (const r of mataPelajaranKurikulum) {
  STATUS_DI_KURIKULUM.set(
    `${r.kurikulum_id}|${r.tingkat_pendidikan_id}|${r.mata_pelajaran_id}`,
    Number(r.status_di_kurikulum),
  );
}
export function statusDiKurikulum(kurikulum: number, tingkat: number, mapel: number): number {
  const t = kurikulum === K13_KURIKULUM_ID ? tingkat : Math.min(tingkat, 11);
  return STATUS_DI_KURIKULUM.get(`${kurikulum}|${t}|${mapel}`) ?? 8;
}
export function namaMapel(id: number): string {
  const m = mataPelajaranById.get(id);
  if (!m) throw new Error(`mata_pelajaran ${id} missing from reference-data`);
  return m.nama.trim();
}
