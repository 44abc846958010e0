/**
 * The one deterministic demo school of the project (server demo seed, Dapodik simulator, tests,
 * benchmarks): `generateSchool({ seed, semesterId, npsn, profile })` returns Dapodik-shaped records
 * (see types.ts) with stable v4-formatted UUIDs drawn from a seeded PRNG. Same input → byte-identical
 * JSON. No I/O: the only data read is the reference JSON imported by @erapor/reference-data.
 *
 * Stability: PTK, DUDI and school ids depend on (seed, profile, npsn) only; pupils and class
 * structure on the tahun ajaran as well; rombel, anggota_rombel and pembelajaran ids on the semester
 * (as in Dapodik, where they are new every semester).
 */
import { jurusanById } from '@erapor/reference-data/jurusan';
import { mataPelajaranById } from '@erapor/reference-data/mata-pelajaran';
import { mataPelajaranKurikulum } from '@erapor/reference-data/mata-pelajaran-kurikulum';
import { type MstWilayah, wilayahByKode } from '@erapor/reference-data/wilayah';
import { CP_TEXTS, KD_TEXTS } from './capaian.ts';
import {
  classPlan,
  ELECTIVE_POOL,
  K13_KURIKULUM_ID,
  MAPEL,
  MAPEL_AGAMA,
  P5_TEMA,
  POOL_AGAMA,
  type Pool,
  PROGRAMMES,
  type ProgKey,
  type UnitKind,
} from './curriculum.ts';
import { generateDudi } from './dudi.ts';
import { type Era, type Gender, personName, TEMPAT_LAHIR, type Tradisi } from './names.ts';
import { EKSKUL, STUDI, sekolahAsal } from './places.ts';
import { type ClassSpec, PROFILES, type Profile } from './profiles.ts';
import { Rng } from './rng.ts';
import type {
  AktPd,
  CapaianPembelajaran,
  DemoAccountKey,
  DemoAccounts,
  DemoSchool,
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
  RwyPendFormal,
  Sekolah,
  WilayahNode,
} from './types.ts';
import {
  alamat,
  at,
  cmp,
  dayOf,
  dmy,
  domisili,
  hp,
  nik,
  p2,
  ROMAWI,
  round6,
  slug,
  tradisiFor,
  Unique,
  weights,
  ymd,
} from './util.ts';

export const GENERATOR_VERSION = 'demo-school/1';

export interface GenerateOptions {
  seed?: number;
  /** e.g. '20251' (tahun ajaran 2025/2026, ganjil). */
  semesterId: string;
  npsn?: string;
  profile?: ProfileName;
}

// ------------------------------------------------------------------ internal working types

interface Kelas {
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

interface Teacher {
  idx: number;
  pool: Pool | 'TENDIK';
  ptk: Ptk;
  demo: DemoAccountKey | null;
  gelar: { kode: string; posisi: string }[];
  load: number;
  kepsek: boolean;
}

interface Unit {
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

const STATUS_DI_KURIKULUM = new Map<string, number>();
for (const r of mataPelajaranKurikulum) {
  STATUS_DI_KURIKULUM.set(
    `${r.kurikulum_id}|${r.tingkat_pendidikan_id}|${r.mata_pelajaran_id}`,
    Number(r.status_di_kurikulum),
  );
}
function statusDiKurikulum(kurikulum: number, tingkat: number, mapel: number): number {
  const t = kurikulum === K13_KURIKULUM_ID ? tingkat : Math.min(tingkat, 11);
  return STATUS_DI_KURIKULUM.get(`${kurikulum}|${t}|${mapel}`) ?? 8;
}
function namaMapel(id: number): string {
  const m = mataPelajaranById.get(id);
  if (!m) throw new Error(`mata_pelajaran ${id} missing from reference-data`);
  return m.nama.trim();
}

const POOL_ORDER: readonly Pool[] = [
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

type DemoPerson = Exclude<DemoAccountKey, 'admin' | 'siswa' | 'p5'>;

/** The demo people (names as the server's demo seed shows them). */
const DEMO_PEOPLE: Record<
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

const GELAR = new Map<number, string>([
  [20, 'S.Pd'],
  [48, 'M.Pd'],
  [18, 'S.Kom'],
  [46, 'M.Kom'],
  [17, 'S.T'],
  [45, 'M.T'],
  [3, 'S.E.'],
  [25, 'M.M.'],
  [58, 'S.Pd.I'],
  [49, 'M.Ag'],
  [69, 'S.Th.'],
  [5, 'S.Sos'],
  [26, 'M.Si'],
  [65, 'A.Md'],
]);

// ------------------------------------------------------------------ the generator

export function generateSchool(options: GenerateOptions): DemoSchool {
  const seed = options.seed ?? 42;
  const npsn = options.npsn ?? '69999999';
  const profileName = options.profile ?? 'smk-standard';
  const profile: Profile = PROFILES[profileName];
  if (!profile) throw new Error(`unknown profile ${profileName}`);
  const semesterId = options.semesterId;
  if (!/^\d{4}[12]$/.test(semesterId)) throw new Error(`semesterId must look like 20251, got ${semesterId}`);
  const tahun = Number(semesterId.slice(0, 4));
  const semester = Number(semesterId.slice(4));
  const semStart = semester === 1 ? dayOf(tahun, 7, 15) : dayOf(tahun + 1, 1, 6);

  const root = new Rng(`erapor-demo:${seed}:${profile.name}:${npsn}`);
  const year = root.fork(`tahun/${tahun}`);
  const sem = root.fork(`semester/${semesterId}`);
  const nikReg = new Unique();
  const nisnReg = new Unique();
  const nuptkReg = new Unique();
  const emailReg = new Unique();

  // ---------------------------------------------------------------- sekolah + jurusan_sp
  const sr = root.fork('sekolah');
  const sekolah_id = sr.uuid();
  const progKeys = [...new Set(profile.classes.map((c) => c.prog))];
  const jurusanSp: Record<string, JurusanSp> = {};
  for (const key of ['TJKT', 'PPLG', 'AKL', 'MPLB'] as const) {
    const id = sr.uuid(); // drawn for every programme so ids do not depend on the profile's programmes
    if (!progKeys.includes(key)) continue;
    const j = jurusanById.get(PROGRAMMES[key].jurusanKonsentrasi);
    if (!j) throw new Error(`jurusan ${PROGRAMMES[key].jurusanKonsentrasi} missing`);
    jurusanSp[key] = {
      jurusan_sp_id: id,
      sekolah_id,
      jurusan_id: j.jurusan_id,
      nama_jurusan_sp: j.nama_jurusan,
    };
  }

  // ---------------------------------------------------------------- classes and pupils
  const kelasList: Kelas[] = [];
  const classRng = sem.fork('rombel');
  for (const spec of profile.classes) {
    const prog = PROGRAMMES[spec.prog];
    const id = classRng.uuid();
    const nama = `${ROMAWI[spec.tingkat]} ${spec.prog} ${spec.index}`;
    const kurikulum_id = spec.k13
      ? K13_KURIKULUM_ID
      : spec.tingkat === 10
        ? prog.kurikulumE
        : prog.kurikulumF;
    const rombel: RombonganBelajar = {
      rombongan_belajar_id: id,
      sekolah_id,
      semester_id: semesterId,
      nama,
      tingkat_pendidikan_id: spec.tingkat,
      jenis_rombel: 1,
      kurikulum_id,
      jurusan_sp_id: jurusanSp[spec.prog]?.jurusan_sp_id ?? null,
      ptk_id: '',
      id_ruang: classRng.uuid(),
      nm_ruang: `R. ${spec.tingkat - 9}${p2(kelasList.length + 1)}`,
      moving_class: 0,
      soft_delete: 0,
      anggota_rombel: [],
      pembelajaran: [],
    };
    kelasList.push({
      spec,
      id,
      nama,
      tingkat: spec.tingkat,
      kurikulum_id,
      jurusan_sp_id: rombel.jurusan_sp_id ?? '',
      intake: tahun - (spec.tingkat - 10),
      members: [],
      rombel,
      agamaPresent: [],
    });
  }

  // Which classes host the religious minorities (so each religion teacher has a real timetable).
  const minorityCount = new Map<string, Map<number, number>>(); // class id → agama → pupils
  for (const tingkat of [10, 11, 12] as const) {
    const ar = year.fork(`agama/${tingkat}`);
    const candidates = kelasList.filter((k) => k.tingkat === tingkat && !k.spec.empty);
    for (const m of profile.minorities) {
      const chosen = ar.shuffle(candidates).slice(0, m.classes[tingkat]);
      for (const k of chosen) {
        const byAgama = minorityCount.get(k.id) ?? new Map<number, number>();
        byAgama.set(m.agama, ar.int(m.perClass[0], m.perClass[1]));
        minorityCount.set(k.id, byAgama);
      }
    }
  }

  const makePupil = (rng: Rng, k: Kelas, agama_id: number, gender: Gender): PesertaDidik => {
    const tradisi: Tradisi = rng.weighted(tradisiFor(agama_id));
    const ayah = personName(rng, tradisi, 'L', 'dewasa');
    const child = personName(rng, tradisi, gender, 'muda', ayah.marga);
    const ibuTradisi: Tradisi = rng.chance(0.8) ? tradisi : rng.weighted(tradisiFor(agama_id));
    const ibu = personName(rng, ibuTradisi, 'P', 'dewasa');
    // Ages: most entered grade 10 aged 15 (born July Y-16 .. June Y-15).
    const shift = rng.weighted(weights('0:88 1:10 -1:2'));
    const lahir = rng.int(dayOf(k.intake - 16 - shift, 7, 2), dayOf(k.intake - 15 - shift, 7, 1));
    const dom = domisili(rng);
    const { yy } = dmy(lahir);
    const pindahan = rng.chance(0.02) && k.tingkat > 10;
    const meninggal = rng.chance(0.02);
    const wali = rng.chance(0.06) || meninggal;
    const peserta_didik_id = rng.uuid();
    const registrasi_id = rng.uuid();
    const masuk = pindahan
      ? dayOf(k.intake + 1, rng.int(1, 2), rng.int(5, 25))
      : dayOf(k.intake, 7, rng.int(10, 17));
    const tinggi = gender === 'L' ? rng.int(155, 182) : rng.int(146, 168);
    return {
      peserta_didik_id,
      nama: child.nama,
      nisn: nisnReg.take(() => `0${p2(yy)}${rng.digits(7)}`),
      nik: nikReg.take(() => nik(rng, dom.dagri, lahir, gender)),
      jenis_kelamin: gender,
      tempat_lahir: rng.chance(0.65)
        ? rng.pick(['Bekasi', 'Bekasi', 'Jakarta'])
        : rng.pick(TEMPAT_LAHIR[tradisi]),
      tanggal_lahir: ymd(lahir),
      agama_id,
      anak_keberapa: rng.weighted(weights('1:38 2:32 3:18 4:8 5:4')),
      alamat_jalan: alamat(rng),
      rt: rng.int(1, 12),
      rw: rng.int(1, 25),
      nama_dusun: null,
      desa_kelurahan: dom.kelurahan,
      kode_pos: dom.kode_pos,
      kode_wilayah: dom.kode_wilayah,
      lintang: round6(-6.2 - rng.next() * 0.16),
      bujur: round6(106.95 + rng.next() * 0.12),
      nomor_telepon_rumah: rng.chance(0.12) ? `021-88${rng.digits(6)}` : null,
      nomor_telepon_seluler: rng.chance(0.9) ? hp(rng) : null,
      email: null,
      nama_ayah: ayah.nama,
      nama_ibu_kandung: ibu.nama,
      nama_wali: wali ? personName(rng, tradisi, rng.chance(0.6) ? 'L' : 'P', 'dewasa').nama : null,
      pekerjaan_id_ayah: meninggal
        ? 98
        : rng.weighted(weights('6:30 9:18 11:15 7:10 5:8 14:4 10:5 99:4 12:2 1:2 2:1 3:1')),
      pekerjaan_id_ibu: rng.weighted(weights('1:50 6:14 9:9 7:10 5:5 11:5 99:3 14:2 98:2')),
      pekerjaan_id_wali: wali ? rng.weighted(weights('6:4 9:3 11:2 12:1')) : null,
      tinggi_badan: tinggi,
      berat_badan: Math.round((tinggi - 100) * (0.75 + rng.next() * 0.4)),
      kebutuhan_khusus: 'Tidak ada',
      registrasi_peserta_didik: {
        registrasi_id,
        peserta_didik_id,
        jenis_pendaftaran_id: pindahan ? 2 : 1,
        nipd: '',
        tanggal_masuk_sekolah: ymd(masuk),
        sekolah_asal: pindahan
          ? `SMK ${rng.pick(['Negeri', 'Swasta Bina', 'Negeri'])} ${rng.int(1, 14)} ${rng.pick(['Jakarta', 'Bogor', 'Bandung', 'Karawang'])}`
          : sekolahAsal(rng.int(1, 49), rng.int(0, 5)),
        jenis_keluar_id: null,
        tanggal_keluar: null,
        keterangan: null,
      },
      diterima_dikelas: {
        rombongan_belajar: {
          nama:
            pindahan || k.tingkat === 10
              ? k.nama
              : `X ${k.spec.prog} ${rng.int(1, Math.max(1, profile.classes.filter((c) => c.tingkat === 10 && c.prog === k.spec.prog).length))}`,
        },
      },
      anggota_rombel: {
        anggota_rombel_id: '',
        rombongan_belajar_id: k.id,
        peserta_didik_id,
        jenis_pendaftaran_id: pindahan ? 2 : 1,
      },
    };
  };

  for (const k of kelasList) {
    if (k.spec.empty) continue;
    const cr = year.fork(`angkatan/${k.intake}/${k.spec.prog}/${k.spec.index}`);
    const size = cr.int(profile.classSize[0], profile.classSize[1]);
    const agamaOf: number[] = [];
    for (const [agama, n] of [...(minorityCount.get(k.id) ?? new Map<number, number>())].sort(
      (a, b) => a[0] - b[0],
    )) {
      for (let i = 0; i < n; i++) agamaOf.push(agama);
    }
    while (agamaOf.length < size) agamaOf.push(1);
    const shuffled = cr.shuffle(agamaOf);
    const boys = profile.boys[k.spec.prog];
    for (let i = 0; i < size; i++) {
      const pr = cr.fork(`pd/${i}`);
      const gender: Gender = pr.chance(boys) ? 'L' : 'P';
      k.members.push(makePupil(pr, k, at(shuffled, i), gender));
    }
    k.members.sort((a, b) => cmp(a.nama, b.nama));
  }

  // ---------------------------------------------------------------- pupil-level edge cases, siswa@
  const edge = profile.edgeCases;
  const edgeCases: EdgeCases = {
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
  };
  const waliKelas = kelasList[0] as Kelas; // X TJKT 1 in every profile
  // siswa@: a pupil of wali@'s class.
  const siswa =
    waliKelas.members.find((p) => p.agama_id === 1 && p.jenis_kelamin === 'L') ?? at(waliKelas.members, 0);
  siswa.nama = 'Andi Pratama';
  siswa.email = 'siswa@demo.sch.id';
  if (edge) {
    const xr = year.fork('edge');
    const others = kelasList.filter((k) => k !== waliKelas && k.members.length > 2);
    const pickPupil = (filter: (p: PesertaDidik) => boolean, avoid: Set<string>) => {
      for (const k of xr.shuffle(others)) {
        const p = k.members.find((m) => filter(m) && !avoid.has(m.peserta_didik_id));
        if (p) return p;
      }
      return null;
    };
    const usedIds = new Set<string>();
    const take = (filter: (p: PesertaDidik) => boolean) => {
      const p = pickPupil(filter, usedIds);
      if (p) usedIds.add(p.peserta_didik_id);
      return p;
    };
    const a = take(() => true);
    const b = take((p) => p.anggota_rombel.rombongan_belajar_id !== a?.anggota_rombel.rombongan_belajar_id);
    if (a && b) {
      b.nisn = a.nisn;
      edgeCases.duplicateNisn = [a.peserta_didik_id, b.peserta_didik_id];
    }
    const noNik = take(() => true);
    if (noNik) {
      noNik.nik = null;
      edgeCases.nikNull = noNik.peserta_didik_id;
    }
    const apos = take((p) => p.agama_id === 1 && p.jenis_kelamin === 'P');
    if (apos) {
      apos.nama = "Nur'aini Ma'rifatul Jannah";
      edgeCases.specialNames.push(apos.peserta_didik_id);
    }
    const diak = take((p) => p.agama_id === 2 && p.jenis_kelamin === 'L');
    if (diak) {
      const marga = diak.nama.split(' ').slice(-1)[0];
      diak.nama = `André Sébastien ${marga}`;
      edgeCases.specialNames.push(diak.peserta_didik_id);
    }
    const unknown = take(() => true);
    if (unknown) {
      unknown.kode_wilayah = '026599  ';
      if (unknown.nik) unknown.nik = `327599${unknown.nik.slice(6)}`;
      edgeCases.unknownKodeWilayah = unknown.peserta_didik_id;
    }
  }

  // ---------------------------------------------------------------- the soft-deleted rombel + pupils who left
  let softDeleted: Kelas | null = null;
  if (edge) {
    const spec: ClassSpec = { prog: 'AKL', tingkat: 11, index: 5, k13: false, empty: false };
    const id = classRng.uuid();
    const rombel: RombonganBelajar = {
      rombongan_belajar_id: id,
      sekolah_id,
      semester_id: semesterId,
      nama: 'XI AKL 5',
      tingkat_pendidikan_id: 11,
      jenis_rombel: 1,
      kurikulum_id: PROGRAMMES.AKL.kurikulumF,
      jurusan_sp_id: jurusanSp.AKL?.jurusan_sp_id ?? null,
      ptk_id: '',
      id_ruang: classRng.uuid(),
      nm_ruang: 'R. 299',
      moving_class: 0,
      soft_delete: 1,
      anggota_rombel: [],
      pembelajaran: [],
    };
    softDeleted = {
      spec,
      id,
      nama: rombel.nama,
      tingkat: 11,
      kurikulum_id: rombel.kurikulum_id,
      jurusan_sp_id: rombel.jurusan_sp_id ?? '',
      intake: tahun - 1,
      members: [],
      rombel,
      agamaPresent: [],
    };
  }

  const keluar: PesertaDidik[] = [];
  {
    const kr = sem.fork('keluar');
    const pool = kelasList.filter((k) => !k.spec.empty && k !== waliKelas);
    const inDeleted = softDeleted ? 3 : 0;
    for (let n = 0; n < profile.leavers; n++) {
      const k = n < inDeleted && softDeleted ? softDeleted : kr.pick(pool);
      const pr = kr.fork(`pd/${n}`);
      const agama = pr.chance(0.9) ? 1 : pr.pick([2, 3]);
      const pd = makePupil(pr, k, agama, pr.chance(profile.boys[k.spec.prog]) ? 'L' : 'P');
      const jenis = pr.weighted(weights('2:15 5:6 4:4'));
      pd.registrasi_peserta_didik.jenis_keluar_id = jenis;
      pd.registrasi_peserta_didik.tanggal_keluar = ymd(semStart + pr.int(10, 100));
      pd.registrasi_peserta_didik.keterangan =
        jenis === 2
          ? `Pindah ke ${pr.pick(['SMK Negeri 3 Karawang', 'SMK Swasta Bina Karya Bogor', 'SMK Negeri 1 Cikarang', 'SMK Negeri 2 Purwakarta'])}`
          : jenis === 5
            ? 'Tidak hadir lebih dari tiga bulan'
            : 'Mengundurkan diri atas permintaan orang tua';
      keluar.push(pd);
    }
  }

  // nipd: sequential per intake year (siswa baru first, then pindahan), in class and name order.
  {
    const byIntake = new Map<number, { pd: PesertaDidik; order: string }[]>();
    const add = (k: Kelas, pd: PesertaDidik) => {
      const list = byIntake.get(k.intake) ?? [];
      list.push({
        pd,
        order: `${pd.registrasi_peserta_didik.jenis_pendaftaran_id}|${['TJKT', 'PPLG', 'AKL', 'MPLB'].indexOf(k.spec.prog)}|${p2(k.spec.index)}|${pd.nama}|${pd.peserta_didik_id}`,
      });
      byIntake.set(k.intake, list);
    };
    for (const k of kelasList) for (const pd of k.members) add(k, pd);
    const kelasById = new Map([...kelasList, ...(softDeleted ? [softDeleted] : [])].map((k) => [k.id, k]));
    for (const pd of keluar) {
      const k = kelasById.get(pd.anggota_rombel.rombongan_belajar_id);
      if (k) add(k, pd);
    }
    for (const [intake, list] of [...byIntake].sort((a, b) => a[0] - b[0])) {
      list.sort((a, b) => cmp(a.order, b.order));
      const prefix = `${p2(intake % 100)}${p2((intake + 1) % 100)}`;
      list.forEach(({ pd }, i) => {
        pd.registrasi_peserta_didik.nipd = `${prefix}${String(i + 1).padStart(4, '0')}`;
      });
    }
  }

  // anggota_rombel ids (new every semester)
  {
    const ar = sem.fork('anggota');
    for (const k of kelasList) {
      for (const pd of k.members) {
        pd.anggota_rombel.anggota_rombel_id = ar.uuid();
        k.rombel.anggota_rombel.push(pd.anggota_rombel);
      }
      k.agamaPresent = [...new Set(k.members.map((m) => m.agama_id))].sort((a, b) => a - b);
    }
    for (const pd of keluar) pd.anggota_rombel.anggota_rombel_id = ar.uuid();
  }

  // ---------------------------------------------------------------- teaching units
  const units: Unit[] = [];
  const regular = kelasList;
  for (const k of regular) {
    const prog = PROGRAMMES[k.spec.prog];
    for (const agama of k.agamaPresent) {
      const mapel = MAPEL_AGAMA[agama];
      const pool = POOL_AGAMA[agama];
      if (!mapel || !pool) continue;
      units.push(unit(k, k.rombel, mapel, 3, pool, 'agama'));
    }
    for (const s of classPlan(prog, k.tingkat, k.spec.k13)) {
      if (s.kind === 'p5' || !s.pool) continue;
      if (s.kind === 'konsentrasi' && profile.subMapelTingkat === k.tingkat) {
        const parentKey = `${k.id}|${s.mapel}`;
        const n = prog.subMapel.length;
        prog.subMapel.forEach((child, i) => {
          const jam = Math.floor(s.jam / n) + (i < s.jam % n ? 1 : 0);
          const u = unit(k, k.rombel, child, jam, s.pool as Pool, 'konsentrasi');
          u.parentKey = parentKey;
          units.push(u);
        });
        continue;
      }
      const u = unit(k, k.rombel, s.mapel, s.jam, s.pool, s.kind);
      if (s.kind === 'pkl') u.avoidDemo = true;
      units.push(u);
    }
  }
  function unit(
    k: Kelas | null,
    rombel: RombonganBelajar,
    mapel: number,
    jam: number,
    pool: Pool,
    kind: UnitKind,
  ): Unit {
    return {
      kelas: k,
      rombel,
      mapel,
      jam,
      pool,
      kind,
      avoidDemo: false,
      forced: null,
      slot: -1,
      teacher: null,
      parentKey: null,
      key: `${rombel.rombongan_belajar_id}|${mapel}`,
    };
  }

  // Electives (jenis 16): one rombel and one unit each.
  const electiveRombels: {
    rombel: RombonganBelajar;
    unit: Unit;
    spec: (typeof profile.electives)[number];
  }[] = [];
  {
    const er = sem.fork('pilihan');
    for (const spec of profile.electives) {
      const prog = PROGRAMMES[spec.prog];
      const rombel: RombonganBelajar = {
        rombongan_belajar_id: er.uuid(),
        sekolah_id,
        semester_id: semesterId,
        nama: `${ROMAWI[spec.tingkat]} ${spec.prog} Pilihan ${namaMapel(spec.mapel)}`,
        tingkat_pendidikan_id: spec.tingkat,
        jenis_rombel: 16,
        kurikulum_id: prog.kurikulumF,
        jurusan_sp_id: jurusanSp[spec.prog]?.jurusan_sp_id ?? null,
        ptk_id: '',
        id_ruang: er.uuid(),
        nm_ruang: `R. Pilihan ${electiveRombels.length + 1}`,
        moving_class: 1,
        soft_delete: 0,
        anggota_rombel: [],
        pembelajaran: [],
      };
      const pool = ELECTIVE_POOL[spec.mapel] ?? 'BING';
      const u = unit(null, rombel, spec.mapel, 4, pool, 'umum');
      u.avoidDemo = true;
      units.push(u);
      electiveRombels.push({ rombel, unit: u, spec });
    }
  }

  // The pembelajaran whose teacher has left (edge case): the arts lesson of X PPLG 1.
  const byNama = (nama: string) => kelasList.find((k) => k.nama === nama);
  const keluarUnit = edge
    ? (units.find((u) => u.kelas === byNama('X PPLG 1') && u.pool === 'SENI') ?? null)
    : null;

  // ---------------------------------------------------------------- teachers per pool
  const k13Kelas = kelasList.find((k) => k.spec.k13);
  const pklKelas = kelasList.find((k) => k.tingkat === 12 && k.spec.prog === 'TJKT' && !k.spec.k13);
  const force = (kelas: Kelas | undefined, mapel: number, who: DemoPerson) => {
    const u = units.find((x) => x.kelas === kelas && x.mapel === mapel);
    if (!u) throw new Error(`no unit ${mapel} in ${kelas?.nama}`);
    u.forced = who;
  };
  force(waliKelas, MAPEL.bindo, 'wali');
  force(waliKelas, MAPEL.mtk, 'guru');
  force(k13Kelas, MAPEL.mtk, 'guru');
  force(
    kelasList.find((k) => k.tingkat === 11 && k.spec.prog === 'TJKT' && k.spec.index === 1),
    MAPEL.mtk,
    'guru',
  );
  force(pklKelas, MAPEL.pkl, 'pkl');
  force(waliKelas, PROGRAMMES.TJKT.dasar, 'kaprog');

  const poolUnits = new Map<Pool, Unit[]>();
  units.forEach((u) => {
    if (u === keluarUnit) return;
    const list = poolUnits.get(u.pool) ?? [];
    list.push(u);
    poolUnits.set(u.pool, list);
  });
  const unitOrder = new Map(units.map((u, i) => [u, i]));
  for (const list of poolUnits.values()) {
    list.sort(
      (a, b) =>
        Number(!!b.forced) - Number(!!a.forced) ||
        b.jam - a.jam ||
        (unitOrder.get(a) ?? 0) - (unitOrder.get(b) ?? 0),
    );
  }
  const demoSlot = (p: Pool, slot: number) =>
    (Object.keys(DEMO_PEOPLE) as DemoPerson[]).some(
      (k) => DEMO_PEOPLE[k].pool === p && DEMO_PEOPLE[k].slot === slot,
    );
  /** Longest-first assignment within a pool of n teachers; returns the loads and sets unit.slot. */
  const lpt = (p: Pool, n: number): number[] => {
    const loads = new Array<number>(n).fill(0);
    for (const u of poolUnits.get(p) ?? []) {
      let slot = u.forced ? DEMO_PEOPLE[u.forced].slot : -1;
      if (slot < 0) {
        for (const pass of [true, false]) {
          for (let i = 0; i < n; i++) {
            if (pass && u.avoidDemo && demoSlot(p, i)) continue;
            if (slot < 0 || (loads[i] as number) < (loads[slot] as number)) slot = i;
          }
          if (slot >= 0) break;
        }
      }
      if (slot < 0) throw new Error(`no teacher for ${p}`);
      u.slot = slot;
      loads[slot] = (loads[slot] as number) + u.jam;
    }
    return loads;
  };
  const demand = (p: Pool) => (poolUnits.get(p) ?? []).reduce((s, u) => s + u.jam, 0);
  const hasAvoid = (p: Pool) => (poolUnits.get(p) ?? []).some((u) => u.avoidDemo);
  const demoInPool = (p: Pool) => Object.values(DEMO_PEOPLE).filter((d) => d.pool === p).length;
  const minCount = (p: Pool) => {
    const need = demoInPool(p) + (hasAvoid(p) ? 1 : 0);
    return Math.max(demand(p) ? 1 : 0, need, p === 'PKN' ? 2 : 0);
  };
  const counts = new Map<Pool, number>();
  for (const p of POOL_ORDER) counts.set(p, minCount(p));
  if (profile.guru === null) {
    for (const p of POOL_ORDER) counts.set(p, Math.max(minCount(p), Math.ceil(demand(p) / 30)));
  } else {
    // Each further teacher goes to the pool whose busiest teacher is busiest.
    let sum = [...counts.values()].reduce((a, b) => a + b, 0);
    const peak = new Map(POOL_ORDER.map((p) => [p, Math.max(0, ...lpt(p, counts.get(p) ?? 0))]));
    while (sum < profile.guru) {
      let best: Pool | null = null;
      for (const p of POOL_ORDER) {
        if (!demand(p)) continue;
        const a = peak.get(p) ?? 0;
        const b = best ? (peak.get(best) ?? 0) : -1;
        if (
          a > b ||
          (a === b && best && demand(p) / (counts.get(p) ?? 1) > demand(best) / (counts.get(best) ?? 1))
        )
          best = p;
      }
      if (!best) break;
      counts.set(best, (counts.get(best) ?? 0) + 1);
      peak.set(best, Math.max(0, ...lpt(best, counts.get(best) ?? 0)));
      sum++;
    }
  }
  for (const p of POOL_ORDER) lpt(p, counts.get(p) ?? 0);

  // ---------------------------------------------------------------- PTK records
  const teachers: Teacher[] = [];
  const guruDomisili = root.fork('ptk-domisili');
  const makePtk = (
    rng: Rng,
    pool: Pool | 'TENDIK',
    opts: {
      nama?: string;
      gender?: Gender;
      agama?: number;
      age?: readonly [number, number];
      s1?: number;
      s2?: number | null;
      pns?: boolean;
      email?: string;
      jenisPtk?: number;
      jabatan?: number | null;
    },
  ): { ptk: Ptk; gelar: { kode: string; posisi: string }[] } => {
    const religionPool: Record<string, number> = { PAI: 1, PAK: 2, PAKAT: 3, PAH: 4, PAB: 5 };
    const agama = opts.agama ?? religionPool[pool] ?? rng.weighted(weights('1:85 2:8 3:4 4:2 5:1'));
    const gender: Gender = opts.gender ?? (rng.chance(pool === 'TENDIK' ? 0.5 : 0.45) ? 'L' : 'P');
    const tradisi = rng.weighted(tradisiFor(agama));
    const era: Era = 'dewasa';
    const named = opts.nama ?? personName(rng, tradisi, gender, era).nama;
    const [minAge, maxAge] = opts.age ?? [24, 58];
    const lahir = rng.int(dayOf(tahun - maxAge, 1, 1), dayOf(tahun - minAge, 6, 30));
    const born = dmy(lahir);
    const dom = domisili(guruDomisili);
    const ptk_id = rng.uuid();
    const pns = opts.pns ?? false;
    const status = pns
      ? rng.weighted(weights('1:68 11:27 10:5'))
      : pool === 'TENDIK'
        ? 9
        : rng.weighted(weights('8:75 5:25'));
    const tmtYear =
      status === 11
        ? rng.int(Math.max(2019, born.yyyy + 24), tahun)
        : rng.int(born.yyyy + 23, Math.min(tahun - 1, born.yyyy + 35));
    const nip = pns
      ? status === 11
        ? `${born.yyyy}${p2(born.mm)}${p2(born.dd)}${tmtYear}21${gender === 'L' ? 1 : 2}${rng.digits(3)}`
        : `${born.yyyy}${p2(born.mm)}${p2(born.dd)}${tmtYear}${p2(rng.int(1, 12))}${gender === 'L' ? 1 : 2}${rng.digits(3)}`
      : null;
    const studi = STUDI[pool] ?? STUDI.TENDIK;
    if (!studi) throw new Error('studi');
    const riwayat: RwyPendFormal[] = [];
    const gelar: { kode: string; posisi: string }[] = [];
    const addRwy = (jenjang: string, gelarId: number, masuk: number, lama: number, prodi: string) => {
      riwayat.push({
        riwayat_pendidikan_formal_id: rng.uuid(),
        ptk_id,
        satuan_pendidikan_formal: rng.pick(studi.kampus),
        fakultas: studi.fakultas,
        kependidikan: studi.kependidikan,
        tahun_masuk: masuk,
        tahun_lulus: masuk + lama,
        nim: `${masuk % 100}${rng.digits(8)}`,
        status_kuliah: 'Lulus',
        semester: lama * 2,
        ipk: Math.round((2.9 + rng.next() * 0.95) * 100) / 100,
        prodi,
        bidang_studi_id_str: studi.bidang,
        jenjang_pendidikan_id_str: jenjang,
        gelar_akademik_id: gelarId,
        gelar_akademik_id_str: GELAR.get(gelarId) ?? '',
        Soft_delete: 0,
      });
      gelar.push({ kode: GELAR.get(gelarId) ?? '', posisi: '2' });
    };
    const s1Year = born.yyyy + 18 + rng.int(0, 1);
    if (pool === 'TENDIK') {
      if (rng.chance(0.3)) addRwy('D3', 65, s1Year, 3, 'Administrasi Perkantoran');
      else if (rng.chance(0.5)) addRwy('S1', studi.gelarS1, s1Year, 4, studi.prodi);
    } else {
      if (rng.chance(0.12) && opts.s1 === undefined) addRwy('D3', 65, s1Year - 0, 3, studi.prodi);
      const s1Masuk = riwayat.length ? s1Year + 4 : s1Year;
      if (s1Masuk + 4 <= tahun) addRwy('S1', opts.s1 ?? studi.gelarS1, s1Masuk, 4, studi.prodi);
      const wantS2 = opts.s2 !== undefined ? opts.s2 !== null : rng.chance(0.18) && born.yyyy < tahun - 32;
      if (wantS2) {
        const s2Masuk = Math.min(tahun - 2, s1Masuk + 4 + rng.int(2, 8));
        addRwy('S2', opts.s2 ?? studi.gelarS2, s2Masuk, 2, studi.prodi);
      }
    }
    // Front-end gelar are rare; only S1/S2/D3 (all "posisi 2") are used. A D3 title is dropped when an S1 follows.
    const shown = gelar.filter((g, i) => !(g.kode === 'A.Md' && i < gelar.length - 1));
    const pangkat =
      status === 11
        ? 'IX'
        : pns
          ? at(
              ['III/a', 'III/b', 'III/c', 'III/d', 'IV/a', 'IV/b'],
              Math.min(5, Math.floor((tahun - tmtYear) / 4)),
            )
          : null;
    const emailBase = slug(named.split(' ').slice(0, 2).join(' '));
    const email =
      opts.email ?? emailReg.take(() => `${emailBase}${rng.chance(0.5) ? '' : rng.int(1, 99)}@demo.sch.id`);
    return {
      ptk: {
        ptk_id,
        nama: named,
        nuptk: nuptkReg.take(() => `${rng.int(1, 9)}${rng.digits(15)}`),
        nip,
        nik: nikReg.take(() => nik(rng, dom.dagri, lahir, gender)),
        jenis_kelamin: gender,
        tempat_lahir: rng.chance(0.4) ? rng.pick(['Bekasi', 'Jakarta']) : rng.pick(TEMPAT_LAHIR[tradisi]),
        tanggal_lahir: ymd(lahir),
        agama_id: agama,
        status_kepegawaian_id: status,
        pangkat_golongan_terakhir: pangkat,
        pendidikan_terakhir: riwayat.length
          ? (riwayat[riwayat.length - 1] as RwyPendFormal).jenjang_pendidikan_id_str
          : 'SMA',
        bidang_studi_terakhir: riwayat.length ? studi.bidang : 'Umum',
        alamat_jalan: alamat(rng),
        rt: rng.int(1, 12),
        rw: rng.int(1, 20),
        desa_kelurahan: dom.kelurahan,
        kode_wilayah: dom.kode_wilayah,
        kode_pos: dom.kode_pos,
        no_hp: hp(rng),
        email,
        ptk_terdaftar: {
          ptk_terdaftar_id: rng.uuid(),
          jenis_ptk_id: opts.jenisPtk ?? 4,
          tahun_ajaran_id: tahun,
          tanggal_surat_tugas: ymd(dayOf(Math.max(tmtYear, born.yyyy + 23), rng.int(1, 12), rng.int(1, 28))),
          ptk_induk: 1,
        },
        tugas_tambahan: opts.jabatan ? { jabatan_ptk_id: opts.jabatan } : null,
        rwy_pend_formal: riwayat,
      },
      gelar: shown,
    };
  };

  const ptkRng = root.fork('ptk');
  for (const pool of POOL_ORDER) {
    const n = counts.get(pool) ?? 0;
    for (let slot = 0; slot < n; slot++) {
      const rng = ptkRng.fork(`${pool}/${slot}`);
      const demoKey = (Object.keys(DEMO_PEOPLE) as (keyof typeof DEMO_PEOPLE)[]).find(
        (key) => DEMO_PEOPLE[key].pool === pool && DEMO_PEOPLE[key].slot === slot,
      );
      const d = demoKey ? DEMO_PEOPLE[demoKey] : null;
      const kepsek = pool === 'PKN' && slot === 0;
      const made = makePtk(rng, pool, {
        ...(d
          ? {
              nama: d.nama,
              gender: d.gender,
              agama: 1,
              s1: d.s1,
              s2: d.s2,
              pns: true,
              email: emailReg.take(() => `${demoKey}@demo.sch.id`),
              jabatan: d.jabatan,
              age: [30, 48] as const,
            }
          : {}),
        ...(kepsek ? { pns: true, s2: 48, age: [50, 56] as const, jabatan: 2 } : {}),
      });
      teachers.push({
        idx: teachers.length,
        pool,
        ptk: made.ptk,
        demo: demoKey ?? null,
        gelar: made.gelar,
        load: 0,
        kepsek,
      });
    }
  }
  const guruCount = teachers.length;
  const ekskulDemo = teachers.find((t) => t.demo === 'ekskul');
  const tendikJenis = [11, 11, 11, 11, 11, 11, 11, 30, 30, 30, 41, 41];
  for (let i = 0; i < profile.tendik; i++) {
    const rng = ptkRng.fork(`TENDIK/${i}`);
    const made = makePtk(rng, 'TENDIK', {
      jenisPtk: tendikJenis[i % tendikJenis.length] ?? 11,
      age: [22, 55],
    });
    teachers.push({
      idx: teachers.length,
      pool: 'TENDIK',
      ptk: made.ptk,
      demo: null,
      gelar: made.gelar,
      load: 0,
      kepsek: false,
    });
  }
  const gurus = teachers.slice(0, guruCount);
  const byPool = new Map<Pool, Teacher[]>();
  for (const t of gurus) {
    if (t.pool === 'TENDIK') continue;
    const list = byPool.get(t.pool) ?? [];
    list.push(t);
    byPool.set(t.pool, list);
  }

  // Employment mix: ~40 % of all PTK are PNS/PPPK with a NIP (the demo people and the head are).
  {
    const er = root.fork('kepegawaian');
    const target = Math.round(teachers.length * 0.4);
    const already = teachers.filter((t) => t.ptk.nip).length;
    const others = er.shuffle(teachers.filter((t) => !t.ptk.nip && t.pool !== 'TENDIK'));
    const tendik = er
      .shuffle(teachers.filter((t) => !t.ptk.nip && t.pool === 'TENDIK'))
      .slice(0, Math.min(2, profile.tendik));
    const convert = [...tendik, ...others].slice(0, Math.max(0, target - already));
    for (const t of convert) {
      const born = t.ptk.tanggal_lahir;
      const [y, m, d] = born.split('-');
      const status = er.weighted(weights('1:65 11:35'));
      const tmt =
        status === 11 ? er.int(2019, tahun) : er.int(Number(y) + 23, Math.min(tahun - 1, Number(y) + 35));
      t.ptk.status_kepegawaian_id = status;
      t.ptk.nip =
        status === 11
          ? `${y}${m}${d}${tmt}21${t.ptk.jenis_kelamin === 'L' ? 1 : 2}${er.digits(3)}`
          : `${y}${m}${d}${tmt}${p2(er.int(1, 12))}${t.ptk.jenis_kelamin === 'L' ? 1 : 2}${er.digits(3)}`;
      t.ptk.pangkat_golongan_terakhir =
        status === 11
          ? 'IX'
          : at(
              ['III/a', 'III/b', 'III/c', 'III/d', 'IV/a', 'IV/b'],
              Math.min(5, Math.floor((tahun - tmt) / 4)),
            );
    }
    // jenis_ptk: mostly Guru Mapel (4); a few Guru Kelas (3); one each of 7 and 8 as the profile asks.
    if (profile.guru !== null) {
      const plain = er.shuffle(gurus.filter((t) => !t.demo && !t.kepsek));
      const jenis = [3, 3, 3, 3, 7, 8];
      jenis.forEach((j, i) => {
        const t = plain[i];
        if (t) t.ptk.ptk_terdaftar.jenis_ptk_id = j;
      });
      // 10 % without NUPTK: young honorary staff first.
      const honorer = er.shuffle(teachers.filter((t) => !t.ptk.nip && !t.demo));
      const noNuptk = Math.round(teachers.length * 0.1);
      for (const t of honorer.slice(0, noNuptk)) t.ptk.nuptk = null;
      // tugas tambahan of the other leaders
      const free = er.shuffle(gurus.filter((t) => !t.demo && !t.kepsek && !t.ptk.tugas_tambahan));
      const jabatan = [34, 35, 36, 3, 7, 62, 52, 42];
      jabatan.forEach((j, i) => {
        const t = free[i];
        if (t) t.ptk.tugas_tambahan = { jabatan_ptk_id: j };
      });
      for (const key of ['PPLG', 'AKL', 'MPLB'] as const) {
        const head = (byPool.get(PROGRAMMES[key].pool) ?? [])
          .filter((t) => !t.demo && !t.ptk.tugas_tambahan)
          .sort((a, b) => cmp(a.ptk.tanggal_lahir, b.ptk.tanggal_lahir) || a.idx - b.idx)[0];
        if (head) head.ptk.tugas_tambahan = { jabatan_ptk_id: 38 };
      }
    }
  }

  // ---------------------------------------------------------------- allocation (as simulated above)
  const demo = (key: DemoAccountKey) => {
    const t = teachers.find((x) => x.demo === key);
    if (!t) throw new Error(`demo teacher ${key} missing`);
    return t;
  };
  const ordered = units.filter((u) => u !== keluarUnit).map((u) => ({ u }));
  for (const { u } of ordered) {
    const t = (byPool.get(u.pool) ?? [])[u.slot];
    if (!t) throw new Error(`no teacher for pool ${u.pool}`);
    u.teacher = t;
    t.load += u.jam;
  }

  // Local repair: move units off anyone above the JP ceiling (or onto anyone below the floor).
  {
    const [floor, ceiling] = profile.jpRange;
    const movable = (u: Unit, to: Teacher) => !u.forced && !(u.avoidDemo && to.demo) && u.pool === to.pool;
    for (let pass = 0; pass < 4; pass++) {
      for (const t of gurus) {
        if (t.load <= ceiling) continue;
        const mine = ordered
          .map((o) => o.u)
          .filter((u) => u.teacher === t && !u.forced)
          .sort((a, b) => a.jam - b.jam);
        for (const u of mine) {
          if (t.load <= ceiling) break;
          const to = (byPool.get(u.pool) ?? [])
            .filter((x) => x !== t && movable(u, x) && x.load + u.jam <= ceiling)
            .sort((a, b) => a.load - b.load || a.idx - b.idx)[0];
          if (!to) continue;
          u.teacher = to;
          to.load += u.jam;
          t.load -= u.jam;
        }
      }
      for (const t of gurus) {
        if (t.load >= floor || t.pool === 'TENDIK') continue;
        const pool = byPool.get(t.pool as Pool) ?? [];
        const candidates = ordered
          .map((o) => o.u)
          .filter((u) => u.teacher && u.teacher !== t && pool.includes(u.teacher) && movable(u, t))
          .filter((u) => (u.teacher as Teacher).load - u.jam >= floor && t.load + u.jam <= ceiling)
          .sort((a, b) => (b.teacher as Teacher).load - (a.teacher as Teacher).load || a.jam - b.jam);
        for (const u of candidates) {
          if (t.load >= floor) break;
          const from = u.teacher as Teacher;
          if (from.load - u.jam < floor || t.load + u.jam > ceiling) continue;
          u.teacher = t;
          t.load += u.jam;
          from.load -= u.jam;
        }
      }
    }
  }

  // ---------------------------------------------------------------- the PTK who left (edge case)
  const ptkKeluar: Ptk[] = [];
  if (keluarUnit) {
    const made = makePtk(root.fork('ptk-keluar'), 'SENI', { pns: false });
    ptkKeluar.push(made.ptk);
  }

  // ---------------------------------------------------------------- wali kelas, P5 coordinator
  const unitsByRombel = new Map<string, Unit[]>();
  for (const u of units) {
    const list = unitsByRombel.get(u.rombel.rombongan_belajar_id) ?? [];
    list.push(u);
    unitsByRombel.set(u.rombel.rombongan_belajar_id, list);
  }
  const jpIn = (k: Kelas) => {
    const m = new Map<Teacher, number>();
    for (const u of unitsByRombel.get(k.id) ?? [])
      if (u.teacher) m.set(u.teacher, (m.get(u.teacher) ?? 0) + u.jam);
    return [...m].sort((a, b) => b[1] - a[1] || a[0].idx - b[0].idx);
  };
  const isWali = new Set<Teacher>();
  const waliOf = new Map<Kelas, Teacher>();
  waliOf.set(waliKelas, demo('wali'));
  isWali.add(demo('wali'));
  for (const k of kelasList) {
    if (waliOf.has(k)) continue;
    const cand = jpIn(k).find(([t]) => !t.demo && !t.kepsek && !isWali.has(t));
    const t = cand?.[0] ?? gurus.find((x) => !x.demo && !x.kepsek && !isWali.has(x));
    if (!t) throw new Error(`no wali for ${k.nama}`);
    waliOf.set(k, t);
    isWali.add(t);
    k.rombel.ptk_id = t.ptk.ptk_id;
  }
  waliKelas.rombel.ptk_id = demo('wali').ptk.ptk_id;
  if (softDeleted) {
    const t =
      gurus.find((x) => !x.demo && !x.kepsek && !isWali.has(x)) ?? gurus.find((x) => !x.demo && !x.kepsek);
    softDeleted.rombel.ptk_id = t?.ptk.ptk_id ?? '';
  }
  for (const e of electiveRombels) e.rombel.ptk_id = e.unit.teacher?.ptk.ptk_id ?? '';

  const p5Coordinator = (k: Kelas): Teacher => {
    const w = waliOf.get(k);
    if (w && !w.demo) return w;
    const cand = jpIn(k).find(([t]) => !t.demo);
    if (!cand) throw new Error(`no P5 coordinator for ${k.nama}`);
    return cand[0];
  };

  // ---------------------------------------------------------------- pembelajaran records
  const pr = sem.fork('pembelajaran');
  const pembelajaranByKey = new Map<string, Pembelajaran>();
  const mk = (
    rombel: RombonganBelajar,
    tingkat: number,
    mapel: number,
    t: Ptk,
    jam: number,
    induk: string | null,
  ): Pembelajaran => {
    const p: Pembelajaran = {
      pembelajaran_id: pr.uuid(),
      rombongan_belajar_id: rombel.rombongan_belajar_id,
      semester_id: semesterId,
      mata_pelajaran_id: mapel,
      nama_mata_pelajaran: namaMapel(mapel),
      ptk_terdaftar_id: t.ptk_terdaftar.ptk_terdaftar_id,
      ptk_id: t.ptk_id,
      induk_pembelajaran_id: induk,
      jam_mengajar_per_minggu: jam,
      status_di_kurikulum: statusDiKurikulum(rombel.kurikulum_id, tingkat, mapel),
    };
    rombel.pembelajaran.push(p);
    return p;
  };
  const themeRng = year.fork('p5-tema');
  for (const k of kelasList) {
    const prog = PROGRAMMES[k.spec.prog];
    const ku = unitsByRombel.get(k.id) ?? [];
    const teacherOf = (u: Unit): Ptk =>
      u === keluarUnit ? (ptkKeluar[0] as Ptk) : (u.teacher as Teacher).ptk;
    for (const u of ku.filter((x) => x.kind === 'agama')) {
      pembelajaranByKey.set(u.key, mk(k.rombel, k.tingkat, u.mapel, teacherOf(u), u.jam, null));
    }
    for (const s of classPlan(prog, k.tingkat, k.spec.k13)) {
      if (s.kind === 'p5') {
        const coord = p5Coordinator(k).ptk;
        const parent = mk(k.rombel, k.tingkat, MAPEL.p5, coord, 0, null);
        pembelajaranByKey.set(`${k.id}|${MAPEL.p5}`, parent);
        const n = k.tingkat === 10 ? profile.p5Themes[10] : k.tingkat === 11 ? profile.p5Themes[11] : 0;
        const themes = themeRng.shuffle(P5_TEMA).slice(0, n);
        for (const tema of themes.sort((a, b) => a - b))
          mk(k.rombel, k.tingkat, tema, coord, 0, parent.pembelajaran_id);
        continue;
      }
      const children = ku.filter((x) => x.parentKey === `${k.id}|${s.mapel}`);
      if (children.length) {
        const first = children[0] as Unit;
        const parent = mk(k.rombel, k.tingkat, s.mapel, teacherOf(first), 0, null);
        pembelajaranByKey.set(`${k.id}|${s.mapel}`, parent);
        for (const c of children) {
          pembelajaranByKey.set(
            c.key,
            mk(k.rombel, k.tingkat, c.mapel, teacherOf(c), c.jam, parent.pembelajaran_id),
          );
        }
        continue;
      }
      const u = ku.find((x) => x.mapel === s.mapel && !x.parentKey);
      if (!u) continue;
      pembelajaranByKey.set(u.key, mk(k.rombel, k.tingkat, u.mapel, teacherOf(u), u.jam, null));
    }
  }
  for (const e of electiveRombels) {
    const t = e.unit.teacher as Teacher;
    pembelajaranByKey.set(e.unit.key, mk(e.rombel, e.spec.tingkat, e.spec.mapel, t.ptk, e.unit.jam, null));
  }

  // Elective members: pupils of that programme and tingkat (Merdeka classes), one elective each.
  {
    const mr = sem.fork('anggota-pilihan');
    const taken = new Set<string>();
    for (const e of electiveRombels) {
      const pool = kelasList
        .filter((k) => k.tingkat === e.spec.tingkat && k.spec.prog === e.spec.prog && !k.spec.k13)
        .flatMap((k) => k.members)
        .filter((pd) => !taken.has(pd.peserta_didik_id));
      const n = Math.min(pool.length, mr.int(e.spec.members[0], e.spec.members[1]));
      for (const pd of mr.shuffle(pool).slice(0, n)) {
        taken.add(pd.peserta_didik_id);
        e.rombel.anggota_rombel.push({
          anggota_rombel_id: mr.uuid(),
          rombongan_belajar_id: e.rombel.rombongan_belajar_id,
          peserta_didik_id: pd.peserta_didik_id,
          jenis_pendaftaran_id: pd.registrasi_peserta_didik.jenis_pendaftaran_id,
        });
      }
    }
  }

  // ---------------------------------------------------------------- ekstrakurikuler (jenis 51)
  const ekskulRombels: RombonganBelajar[] = [];
  const ekstrakurikuler: Ekstrakurikuler[] = [];
  {
    const xr = sem.fork('ekskul');
    const pembinaPool = xr.shuffle(gurus.filter((t) => !t.demo && !t.kepsek));
    const names =
      profile.ekskul >= 2
        ? ['Pramuka', 'Futsal', ...EKSKUL.filter((n) => n !== 'Pramuka' && n !== 'Futsal')]
        : EKSKUL;
    const all = kelasList.flatMap((k) => k.members);
    const grade10 = kelasList.filter((k) => k.tingkat === 10).flatMap((k) => k.members);
    for (let i = 0; i < profile.ekskul; i++) {
      const nm = at(names, i);
      const pembina = nm === 'Futsal' && ekskulDemo ? ekskulDemo : at(pembinaPool, i % pembinaPool.length);
      if (nm === 'Pramuka' && !pembina.ptk.tugas_tambahan)
        pembina.ptk.tugas_tambahan = { jabatan_ptk_id: 42 };
      const ruang =
        nm === 'Robotik'
          ? 'Lab Komputer 2'
          : /bola|futsal|silat|karate|paskibra|pramuka/i.test(nm)
            ? 'Lapangan'
            : 'Aula';
      const rombel: RombonganBelajar = {
        rombongan_belajar_id: xr.uuid(),
        sekolah_id,
        semester_id: semesterId,
        nama: nm,
        tingkat_pendidikan_id: 10,
        jenis_rombel: 51,
        kurikulum_id: PROGRAMMES.TJKT.kurikulumE,
        jurusan_sp_id: null,
        ptk_id: pembina.ptk.ptk_id,
        id_ruang: xr.uuid(),
        nm_ruang: ruang,
        moving_class: 1,
        soft_delete: 0,
        anggota_rombel: [],
        pembelajaran: [],
      };
      const eligible =
        nm === 'Pramuka' ? grade10 : nm === 'Rohani Islam' ? all.filter((p) => p.agama_id === 1) : all;
      const n =
        nm === 'Pramuka'
          ? eligible.length
          : Math.min(eligible.length, xr.int(profile.ekskulMembers[0], profile.ekskulMembers[1]));
      const chosen = nm === 'Pramuka' ? eligible : xr.shuffle(eligible).slice(0, n);
      for (const pd of chosen) {
        rombel.anggota_rombel.push({
          anggota_rombel_id: xr.uuid(),
          rombongan_belajar_id: rombel.rombongan_belajar_id,
          peserta_didik_id: pd.peserta_didik_id,
          jenis_pendaftaran_id: pd.registrasi_peserta_didik.jenis_pendaftaran_id,
        });
      }
      ekskulRombels.push(rombel);
      ekstrakurikuler.push({
        ID_kelas_ekskul: xr.uuid(),
        nm_ekskul: nm,
        rombongan_belajar_id: rombel.rombongan_belajar_id,
        pembina_ptk_id: pembina.ptk.ptk_id,
        nm_ruang: ruang,
      });
    }
  }

  // ---------------------------------------------------------------- DUDI, MoU, PKL groups
  // DUDI and MoU (dudi.ts); the PKL groups of the grade-12 classes below.
  const { dudiList, dudiByProg } = generateDudi(root.fork('dudi'), profile, sekolah_id, tahun);
  const pklAktPdIds: string[] = [];
  {
    const ar = sem.fork('akt-pd');
    let sk = 0;
    const used = new Map<ProgKey, number>();
    for (const k of kelasList.filter((x) => x.tingkat === 12 && x.members.length)) {
      const dudis = dudiByProg.get(k.spec.prog) ?? [];
      if (!dudis.length) continue;
      const pool = byPool.get(PROGRAMMES[k.spec.prog].pool) ?? [];
      const pklUnit = (unitsByRombel.get(k.id) ?? []).find((u) => u.kind === 'pkl');
      const nonDemo = pool.filter((t) => !t.demo);
      const first =
        pklUnit?.teacher ??
        jpIn(k).find(([t]) => !t.demo && t.pool === PROGRAMMES[k.spec.prog].pool)?.[0] ??
        nonDemo[0];
      const members = ar.shuffle(k.members);
      const groups = profile.aktPdPerClass;
      for (let g = 0; g < groups; g++) {
        const idx = used.get(k.spec.prog) ?? 0;
        used.set(k.spec.prog, idx + 1);
        const dudi = at(dudis, idx % dudis.length);
        const mou = at(dudi.mou, 0);
        const id_akt_pd = ar.uuid();
        sk++;
        const group = members.filter((_, i) => i % groups === g);
        const second =
          nonDemo.filter((t) => t !== first)[(g + sk) % Math.max(1, nonDemo.length - 1)] ??
          gurus.find((t) => !t.demo && t !== first);
        const akt: AktPd = {
          id_akt_pd,
          mou_id: mou.mou_id,
          id_jns_akt_pd: 6,
          judul_akt_pd: `PKL ${k.nama} di ${dudi.nama}`,
          sk_tugas: `800/${String(sk).padStart(3, '0')}/SMKN-DEMO/${tahun}`,
          tgl_sk_tugas: ymd(semStart - 5),
          ket_akt: 'Praktik Kerja Lapangan',
          a_komunal: 1,
          anggota_akt_pd: group.map((pd, i) => ({
            id_ang_akt_pd: ar.uuid(),
            id_akt_pd,
            nm_pd: pd.nama,
            nipd: pd.registrasi_peserta_didik.nipd,
            jns_peran_pd: i === 0 ? 1 : 2,
            registrasi_peserta_didik: {
              peserta_didik_id: pd.peserta_didik_id,
              registrasi_id: pd.registrasi_peserta_didik.registrasi_id,
            },
          })),
          bimbing_pd: [],
        };
        if (first)
          akt.bimbing_pd.push({
            id_bimb_pd: ar.uuid(),
            id_akt_pd,
            ptk_id: first.ptk.ptk_id,
            urutan_pembimbing: 1,
          });
        if (second)
          akt.bimbing_pd.push({
            id_bimb_pd: ar.uuid(),
            id_akt_pd,
            ptk_id: second.ptk.ptk_id,
            urutan_pembimbing: 2,
          });
        mou.akt_pd.push(akt);
        if (k === pklKelas) pklAktPdIds.push(id_akt_pd);
      }
    }
  }

  // ---------------------------------------------------------------- edge cases
  edgeCases.softDeletedRombel = softDeleted?.id ?? null;
  edgeCases.leaversOfSoftDeletedRombel = softDeleted
    ? keluar
        .filter((p) => p.anggota_rombel.rombongan_belajar_id === softDeleted.id)
        .map((p) => p.peserta_didik_id)
    : [];
  if (edge) {
    const noEmail = byNama('X PPLG 2');
    const w = noEmail ? waliOf.get(noEmail) : undefined;
    if (noEmail && w) {
      w.ptk.email = null;
      edgeCases.waliWithoutEmail = { ptk_id: w.ptk.ptk_id, rombongan_belajar_id: noEmail.id };
    }
    // 5 % of PTK without e-mail in all: the wali above plus staff who never gave one.
    const missing = Math.round(teachers.length * 0.05) - 1;
    const xr = year.fork('edge-ptk');
    for (const t of xr
      .shuffle(teachers.filter((x) => !x.demo && !x.kepsek && !isWali.has(x)))
      .slice(0, missing)) {
      t.ptk.email = null;
    }
    edgeCases.emptyRombel = kelasList.find((k) => k.spec.empty)?.id ?? null;
    edgeCases.pembelajaranGuruKeluar = keluarUnit
      ? (pembelajaranByKey.get(keluarUnit.key)?.pembelajaran_id ?? null)
      : null;
    const cap = kelasList.find((k) => k.tingkat === 12 && k.spec.prog === 'AKL' && k.spec.index === 2);
    if (cap) {
      delete cap.rombel.soft_delete;
      cap.rombel.Soft_delete = 0;
      edgeCases.capitalSoftDelete = cap.id;
    }
  }

  // ---------------------------------------------------------------- wilayah chain of the school
  const kec = wilayahByKode.get('026504  ') as MstWilayah;
  const desa: MstWilayah = {
    ...kec,
    kode_wilayah: '02650403',
    nama: 'Margahayu',
    id_level_wilayah: 4,
    mst_kode_wilayah: kec.kode_wilayah,
    kode_bps: null,
    kode_dagri: null,
    a_desa: '0',
    a_kelurahan: '1',
  };
  const node = (w: MstWilayah | undefined): WilayahNode | null => {
    if (!w || w.id_level_wilayah < 1) return null;
    return {
      ...w,
      parrent_recursive: node(w.mst_kode_wilayah ? wilayahByKode.get(w.mst_kode_wilayah) : undefined),
    };
  };
  const chain: WilayahNode = { ...desa, parrent_recursive: node(kec) };
  const kepsek = teachers.find((t) => t.kepsek) ?? at(gurus, 0);

  const sekolah: Sekolah = {
    sekolah_id,
    npsn,
    nss: `401026504${npsn.slice(-3)}`,
    nama: 'SMK Negeri Demo',
    bentuk_pendidikan_id: 15,
    status_sekolah: 1,
    alamat_jalan: 'Jl. Pendidikan No. 1',
    rt: 3,
    rw: 7,
    dusun: null,
    desa_kelurahan: 'Margahayu',
    kecamatan: 'Kec. Bekasi Timur',
    kabupaten_kota: 'Kota Bekasi',
    provinsi: 'Prov. Jawa Barat',
    kode_wilayah: desa.kode_wilayah,
    kode_pos: '17113',
    lintang: -6.245712,
    bujur: 107.013854,
    nomor_telepon: '021-88001234',
    nomor_fax: '021-88001235',
    email: 'info@demo.sch.id',
    website: 'https://demo.sch.id',
    is_sks: false,
    kepala_sekolah_ptk_id: kepsek.ptk.ptk_id,
    wilayah: chain,
    jurusan_sp: Object.values(jurusanSp),
  };

  // every wilayah row in use
  const usedKode = new Set<string>();
  const addKode = (kode: string) => {
    let w = wilayahByKode.get(kode);
    while (w && !usedKode.has(w.kode_wilayah)) {
      usedKode.add(w.kode_wilayah);
      w = w.mst_kode_wilayah ? wilayahByKode.get(w.mst_kode_wilayah) : undefined;
    }
  };
  const activePupils = kelasList.flatMap((k) => k.members);
  for (const x of [...activePupils, ...keluar, ...teachers.map((t) => t.ptk), ...ptkKeluar, ...dudiList])
    addKode(x.kode_wilayah);
  addKode(kec.kode_wilayah);
  const wilayah: MstWilayah[] = [
    ...[...usedKode]
      .map((k) => wilayahByKode.get(k) as MstWilayah)
      .sort((a, b) => a.id_level_wilayah - b.id_level_wilayah || cmp(a.kode_wilayah, b.kode_wilayah)),
    desa,
  ];

  // ---------------------------------------------------------------- p5@: a Koord P5
  // The P5 coordinator (the wali) of the first Merdeka grade-10 (else 11) class with themes that is
  // not wali@'s becomes p5@ (decision 037). Chosen after every draw, so nothing else changes; the past
  // semesters give this teacher a class's P5 too (history.ts).
  const p5Kelas = [...kelasList]
    .filter((k) => k.tingkat <= 11 && !k.spec.k13 && k !== waliKelas)
    .sort((a, b) => a.tingkat - b.tingkat || cmp(a.nama, b.nama))
    .find((k) => {
      const parent = pembelajaranByKey.get(`${k.id}|${MAPEL.p5}`);
      const coord = teachers.find((t) => t.ptk.ptk_id === parent?.ptk_id);
      return (
        coord?.ptk.email &&
        !coord.demo &&
        k.rombel.pembelajaran.some((p) => p.induk_pembelajaran_id === parent?.pembelajaran_id)
      );
    });
  const p5Teacher = p5Kelas
    ? teachers.find((t) => t.ptk.ptk_id === pembelajaranByKey.get(`${p5Kelas.id}|${MAPEL.p5}`)?.ptk_id)
    : undefined;
  if (!p5Teacher || !p5Kelas) throw new Error('no class for the P5 coordinator p5@');
  p5Teacher.ptk.email = emailReg.take(() => 'p5@demo.sch.id');

  // ---------------------------------------------------------------- pengguna
  const ur = root.fork('pengguna');
  const pengguna: Pengguna[] = [];
  const adminPengguna: Pengguna = {
    pengguna_id: ur.uuid(),
    sekolah_id,
    username: 'admin@demo.sch.id',
    nama: 'Administrator',
    peran_id_str: 'Operator Sekolah',
    alamat: sekolah.alamat_jalan,
    no_telepon: sekolah.nomor_telepon,
    no_hp: null,
    ptk_id: null,
    peserta_didik_id: null,
  };
  pengguna.push(adminPengguna, {
    pengguna_id: ur.uuid(),
    sekolah_id,
    username: 'operator@demo.sch.id',
    nama: 'Operator Dapodik',
    peran_id_str: 'Operator Sekolah',
    alamat: sekolah.alamat_jalan,
    no_telepon: sekolah.nomor_telepon,
    no_hp: null,
    ptk_id: null,
    peserta_didik_id: null,
  });
  for (const t of teachers) {
    const username =
      t.ptk.email ?? emailReg.take(() => `${slug(t.ptk.nama).split('.')[0]}.${ur.digits(4)}@demo.sch.id`);
    pengguna.push({
      pengguna_id: ur.uuid(),
      sekolah_id,
      username,
      nama: t.ptk.nama,
      peran_id_str: t.kepsek ? 'Kepala Sekolah' : 'PTK',
      alamat: t.ptk.alamat_jalan,
      no_telepon: null,
      no_hp: t.ptk.no_hp,
      ptk_id: t.ptk.ptk_id,
      peserta_didik_id: null,
    });
  }

  // ---------------------------------------------------------------- CP and KD written for the demo
  const capaian: CapaianPembelajaran[] = [];
  const kd: KompetensiDasar[] = [];
  {
    const faseOf = new Map<number, Set<'E' | 'F'>>();
    const add = (mapel: number, fase: 'E' | 'F') => {
      const s = faseOf.get(mapel) ?? new Set();
      s.add(fase);
      faseOf.set(mapel, s);
    };
    for (const r of [...kelasList.map((k) => k.rombel), ...electiveRombels.map((e) => e.rombel)]) {
      if (r.kurikulum_id === K13_KURIKULUM_ID) continue;
      for (const p of r.pembelajaran) add(p.mata_pelajaran_id, r.tingkat_pendidikan_id === 10 ? 'E' : 'F');
    }
    let cpId = 1_000_000;
    for (const mapel of [...faseOf.keys()].sort((a, b) => a - b)) {
      for (const fase of ['E', 'F'] as const) {
        if (!faseOf.get(mapel)?.has(fase)) continue;
        for (const [elemen, deskripsi] of CP_TEXTS[mapel]?.[fase] ?? []) {
          capaian.push({
            cp_id: ++cpId,
            mata_pelajaran_id: mapel,
            fase,
            elemen,
            deskripsi,
            aktif: 1,
            is_dir: 0,
          });
        }
      }
    }
    const kr = root.fork('kd');
    if (k13Kelas) {
      const mapels = [...new Set(k13Kelas.rombel.pembelajaran.map((p) => p.mata_pelajaran_id))].sort(
        (a, b) => a - b,
      );
      for (const mapel of mapels) {
        const texts = KD_TEXTS[mapel];
        if (!texts) continue;
        texts.forEach((list, ki) => {
          list.forEach((text, i) => {
            kd.push({
              kompetensi_dasar_id: kr.uuid(),
              id_kompetensi: `${ki === 0 ? 3 : 4}.${i + 1}`,
              kompetensi_id: ki + 1,
              mata_pelajaran_id: mapel,
              kelas_10: 0,
              kelas_11: 0,
              kelas_12: 1,
              kelas_13: 0,
              kompetensi_dasar: text,
              kurikulum: 2017,
              aktif: 1,
            });
          });
        });
      }
    }
  }

  // ---------------------------------------------------------------- demo accounts and relations
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
    const t = demo(key);
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

  const rombongan_belajar = [
    ...kelasList.map((k) => k.rombel),
    ...(softDeleted ? [softDeleted.rombel] : []),
    ...electiveRombels.map((e) => e.rombel),
    ...ekskulRombels,
  ];

  return {
    meta: {
      generator: GENERATOR_VERSION,
      profile: profile.name,
      seed,
      semester_id: semesterId,
      tahun_ajaran_id: tahun,
      npsn,
    },
    sekolah,
    wilayah,
    ptk: teachers.map((t) => t.ptk),
    ptk_keluar: ptkKeluar,
    rombongan_belajar,
    peserta_didik: activePupils,
    peserta_didik_keluar: keluar,
    ekstrakurikuler,
    dudi: dudiList,
    pengguna,
    capaian_pembelajaran: capaian,
    kompetensi_dasar: kd,
    demoAccounts,
    relations,
    edgeCases,
  };
}
