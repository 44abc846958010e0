/**
 * The demo school's past: the semesters before the active one, holding the same pupils one class
 * (or two) lower. `generateSchool` draws each tahun ajaran's pupils afresh, so a past semester is
 * built from two sources:
 *
 * - its structure (classes, teaching assignments, extracurriculars, semester-bound ids) from
 *   `generateSchool` for that semester;
 * - its pupils from the newest generation in which their cohort (angkatan) is still at school:
 *   today's XI were last year's X (the active school's XI pupils fill the past X), today's XII were
 *   the XI and, two years back, the X; the cohort that has since graduated keeps the pupils of
 *   its own last year (the alumni, written as inactive pupils).
 *
 * Teachers are the active school's: a past assignment whose generated teacher is not on today's
 * staff goes to a teacher of today's staff who teaches that subject. Pupils who left, DUDI/PKL and
 * the curriculum texts stay with the active semester (they are not semester-bound or not history).
 * Pure and deterministic like the generator.
 */
import { MAPEL, MAPEL_AGAMA } from './curriculum.ts';

const MAPEL_P5 = MAPEL.p5;

import { generateSchool } from './generate.ts';
import { Rng } from './rng.ts';
import type { AnggotaRombel, DemoSchool, Pembelajaran, PesertaDidik, RombonganBelajar } from './types.ts';

/** The `count` semesters before `semesterId`, oldest first: ('20261', 3) → 20242, 20251, 20252. */
export function semestersBefore(semesterId: string, count: number): string[] {
  const out: string[] = [];
  let tahun = Number(semesterId.slice(0, 4));
  let sem = Number(semesterId.slice(4));
  for (let i = 0; i < count; i++) {
    if (sem === 2) sem = 1;
    else {
      sem = 2;
      tahun -= 1;
    }
    out.unshift(`${tahun}${sem}`);
  }
  return out;
}

const isLive = (r: RombonganBelajar) => !(r.soft_delete ?? r.Soft_delete);
const regular = (s: DemoSchool) => s.rombongan_belajar.filter((r) => r.jenis_rombel === 1 && isLive(r));
const progOf = (r: RombonganBelajar) => r.nama.split(' ').slice(1).join(' '); // "XI TJKT 2" → "TJKT 2"

export interface HistoryCache {
  get(semesterId: string): DemoSchool;
  /** NISNs taken so far (today's pupils and the graduates already placed). */
  nisn: Set<string>;
}

/** One generation per semester id, shared between the past semesters built from one active school. */
export function historyCache(active: DemoSchool): HistoryCache {
  const map = new Map<string, DemoSchool>([[active.meta.semester_id, active]]);
  return {
    nisn: new Set(
      [...active.peserta_didik, ...active.peserta_didik_keluar].flatMap((p) => (p.nisn ? [p.nisn] : [])),
    ),
    get(semesterId) {
      let s = map.get(semesterId);
      if (!s) {
        s = generateSchool({
          seed: active.meta.seed,
          semesterId,
          npsn: active.meta.npsn,
          profile: active.meta.profile,
        });
        map.set(semesterId, s);
      }
      return s;
    },
  };
}

/**
 * The past semester `semesterId` of `active` (see the file comment). The result is DemoSchool-shaped;
 * `ptk`, `ptk_keluar`, `peserta_didik_keluar`, `dudi`, `capaian_pembelajaran` and `kompetensi_dasar`
 * are empty (they belong to the active semester), `peserta_didik` holds every pupil of the past
 * classes with `anggota_rombel` set to their past regular membership.
 */
export function generateHistory(
  active: DemoSchool,
  semesterId: string,
  cache: HistoryCache = historyCache(active),
): DemoSchool {
  const activeTahun = active.meta.tahun_ajaran_id;
  const tahun = Number(semesterId.slice(0, 4));
  if (!(semesterId < active.meta.semester_id)) {
    throw new Error(`generateHistory: ${semesterId} is not before ${active.meta.semester_id}`);
  }
  const past = structuredClone(cache.get(semesterId));
  const rng = new Rng(
    `erapor-demo-history:${active.meta.seed}:${active.meta.profile}:${active.meta.npsn}:${semesterId}`,
  );

  // ---- today's staff for the past assignments
  const staff = new Set(active.ptk.map((p) => p.ptk_id));
  const teacherOfMapel = new Map<number, string>();
  for (const r of active.rombongan_belajar) {
    for (const p of r.pembelajaran) {
      if (staff.has(p.ptk_id) && !teacherOfMapel.has(p.mata_pelajaran_id))
        teacherOfMapel.set(p.mata_pelajaran_id, p.ptk_id);
    }
  }
  const anyTeacher = [...active.rombongan_belajar]
    .flatMap((r) => r.pembelajaran.map((p) => p.ptk_id))
    .find((id) => staff.has(id));
  if (!anyTeacher) throw new Error('generateHistory: the active school has no teacher');
  const ptkTerdaftar = new Map(active.ptk.map((p) => [p.ptk_id, p.ptk_terdaftar.ptk_terdaftar_id]));
  const fix = (ptkId: string, mapel: number | null): string =>
    staff.has(ptkId) ? ptkId : ((mapel !== null ? teacherOfMapel.get(mapel) : undefined) ?? anyTeacher);

  // ---- the pupils of each past class
  const pupilsBySource = new Map<string, Map<string, PesertaDidik>>();
  const pupilIndex = (s: DemoSchool) => {
    let m = pupilsBySource.get(s.meta.semester_id);
    if (!m) {
      m = new Map(s.peserta_didik.map((p) => [p.peserta_didik_id, p]));
      pupilsBySource.set(s.meta.semester_id, m);
    }
    return m;
  };
  const pupils = new Map<string, PesertaDidik>();
  /** past pupil id (as generated for this semester) → the pupil who takes their place. */
  const replaced = new Map<string, string>();
  const agamaOf = new Map<string, number>();
  const classes = regular(past);
  for (const r of classes) {
    const intake = tahun - (r.tingkat_pendidikan_id - 10);
    const sourceTahun = Math.min(activeTahun, intake + 2);
    const tingkat = r.tingkat_pendidikan_id + (sourceTahun - tahun);
    const source =
      sourceTahun === activeTahun
        ? active
        : sourceTahun === tahun
          ? cache.get(semesterId)
          : cache.get(`${sourceTahun}2`);
    const sourceClass = regular(source).find(
      (x) => x.tingkat_pendidikan_id === tingkat && progOf(x) === progOf(r) && x.anggota_rombel.length > 0,
    );
    const index = pupilIndex(source);
    const ownIndex = pupilIndex(cache.get(semesterId));
    const members = (sourceClass ?? r).anggota_rombel
      .map((a) => (sourceClass ? index : ownIndex).get(a.peserta_didik_id))
      .filter((p): p is PesertaDidik => p !== undefined);
    const before = r.anggota_rombel;
    r.anggota_rombel = members.map((p) => {
      const a: AnggotaRombel = {
        anggota_rombel_id: rng.uuid(),
        rombongan_belajar_id: r.rombongan_belajar_id,
        peserta_didik_id: p.peserta_didik_id,
        jenis_pendaftaran_id: p.registrasi_peserta_didik.jenis_pendaftaran_id,
      };
      const clone: PesertaDidik = { ...p, anggota_rombel: a };
      pupils.set(p.peserta_didik_id, clone);
      agamaOf.set(p.peserta_didik_id, p.agama_id);
      return a;
    });
    before.forEach((a, i) => {
      const to = r.anggota_rombel[i];
      if (to) replaced.set(a.peserta_didik_id, to.peserta_didik_id);
    });
    // Religion lessons for the religions now present (and none for those no longer there).
    const present = new Set(members.map((p) => p.agama_id));
    const religion = new Map(Object.entries(MAPEL_AGAMA).map(([agama, mapel]) => [mapel, Number(agama)]));
    r.pembelajaran = r.pembelajaran.filter((p) => {
      const agama = religion.get(p.mata_pelajaran_id);
      return agama === undefined || present.has(agama);
    });
    for (const agama of [...present].sort((a, b) => a - b)) {
      const mapel = MAPEL_AGAMA[agama];
      if (!mapel || r.pembelajaran.some((p) => p.mata_pelajaran_id === mapel)) continue;
      const template = active.rombongan_belajar
        .flatMap((x) => x.pembelajaran)
        .find((p) => p.mata_pelajaran_id === mapel);
      if (!template) continue;
      const p: Pembelajaran = {
        ...template,
        pembelajaran_id: rng.uuid(),
        rombongan_belajar_id: r.rombongan_belajar_id,
        semester_id: semesterId,
        induk_pembelajaran_id: null,
      };
      r.pembelajaran.unshift(p);
    }
  }

  // ---- electives and extracurriculars: the pupils who took the generated pupils' places
  for (const r of past.rombongan_belajar) {
    if (r.jenis_rombel === 1) continue;
    const seen = new Set<string>();
    r.anggota_rombel = r.anggota_rombel.flatMap((a) => {
      const id = replaced.get(a.peserta_didik_id);
      if (!id || seen.has(id)) return [];
      seen.add(id);
      const p = pupils.get(id);
      return [
        {
          ...a,
          peserta_didik_id: id,
          jenis_pendaftaran_id: p?.registrasi_peserta_didik.jenis_pendaftaran_id ?? 1,
        },
      ];
    });
  }

  // ---- teachers
  past.rombongan_belajar = past.rombongan_belajar.filter(isLive);
  for (const r of past.rombongan_belajar) {
    for (const p of r.pembelajaran) {
      p.ptk_id = fix(p.ptk_id, p.mata_pelajaran_id);
      p.ptk_terdaftar_id = ptkTerdaftar.get(p.ptk_id) ?? p.ptk_terdaftar_id;
    }
    r.ptk_id = fix(r.ptk_id, r.pembelajaran[0]?.mata_pelajaran_id ?? null);
  }
  // p5@ coordinates the P5 of the first grade-10 (else 11) class with themes here too (decision 037):
  // the class's P5 pembelajaran and its themes go to them.
  const p5 = active.demoAccounts.p5?.ptk_id;
  const p5Kelas = regular(past)
    .filter((r) => r.tingkat_pendidikan_id <= 11)
    .sort(
      (a, b) =>
        a.tingkat_pendidikan_id - b.tingkat_pendidikan_id || (a.nama < b.nama ? -1 : a.nama > b.nama ? 1 : 0),
    )
    .find((r) => {
      const parent = r.pembelajaran.find((p) => p.mata_pelajaran_id === MAPEL_P5);
      return parent && r.pembelajaran.some((p) => p.induk_pembelajaran_id === parent.pembelajaran_id);
    });
  if (p5 && p5Kelas) {
    const parent = p5Kelas.pembelajaran.find((p) => p.mata_pelajaran_id === MAPEL_P5);
    for (const p of p5Kelas.pembelajaran) {
      if (p !== parent && p.induk_pembelajaran_id !== parent?.pembelajaran_id) continue;
      p.ptk_id = p5;
      p.ptk_terdaftar_id = ptkTerdaftar.get(p5) ?? p.ptk_terdaftar_id;
    }
  }
  for (const e of past.ekstrakurikuler) {
    const r = past.rombongan_belajar.find((x) => x.rombongan_belajar_id === e.rombongan_belajar_id);
    e.pembina_ptk_id = r?.ptk_id ?? fix(e.pembina_ptk_id, null);
  }

  // Graduates come from another generation than today's pupils: a NISN drawn twice is drawn again
  // (NISN is unique per school).
  const nisn = cache.nisn;
  const activeIds = new Set(active.peserta_didik.map((p) => p.peserta_didik_id));
  for (const p of pupils.values()) {
    if (activeIds.has(p.peserta_didik_id) || !p.nisn) continue;
    while (nisn.has(p.nisn)) p.nisn = `${p.nisn.slice(0, 3)}${rng.digits(7)}`;
    nisn.add(p.nisn);
  }

  return {
    ...past,
    ptk: [],
    ptk_keluar: [],
    peserta_didik: [...pupils.values()],
    peserta_didik_keluar: [],
    dudi: [],
    pengguna: [],
    capaian_pembelajaran: [],
    kompetensi_dasar: [],
    demoAccounts: active.demoAccounts,
  };
}
