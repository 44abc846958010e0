/**
 * The grades of the demo school, so that it is a school in mid-semester rather than an empty shell:
 * tujuan pembelajaran under the demo's CP (Kurikulum Merdeka) and KD (K13) for every subject,
 * their mapping to each pembelajaran, weights (bobot), Sumatif Lingkup Materi and Akhir Semester
 * scores, final grades with ketercapaian and the Capaian Kompetensi texts, attitude notes,
 * extracurricular grades and the report settings (head teacher, report date).
 *
 * Spread of the active semester (per gradable pembelajaran, drawn by quota so it is exact):
 * 70 % complete (every pupil has a final grade), 20 % partly graded (some pupils finished, the others
 * have only their first TP scores), 10 % not started (TPs mapped, nothing scored). wali@'s class is
 * complete; guru@'s subjects follow the spread too (kemajuan-guru.ts: one to continue, three not started);
 * ekskul@'s ekskul is not graded yet (the other ekskul are). Among the complete subjects a few pupils
 * miss a TP score or the non-test score (their final grade still follows from the rest).
 * Past semesters (history.ts) are complete. The final grade is always the suggestion of the app's
 * own rule (packages/contract penilaian rules), so Nilai Akhir and the stored grade agree.
 *
 * Deterministic: every draw comes from a seeded Rng forked by stable keys (pupil, subject, TP).
 */

import { deskripsiEkskul } from '@erapor/contract/penilaian/ekskul';
import {
  deskripsiCapaian,
  KOMPETEN,
  KOMPETENSI,
  MAPEL_P5,
  MAPEL_PKL,
  nilaiAsesmen,
  nilaiSumatifAkhirSemester,
  nilaiSumatifLingkupMateri,
  takesMapel,
} from '@erapor/contract/penilaian/rules';
import { P5_KODE_DIMENSI_TO_NO, p5Elemen } from '@erapor/reference-data/p5';
import { generateAbsensi } from './absensi.ts';
import { guruKemajuan, type Kemajuan } from './kemajuan-guru.ts';
import { Rng } from './rng.ts';
import type { DemoSchool, Pembelajaran, RombonganBelajar, Uuid } from './types.ts';
import { dayOf, weights, ymd } from './util.ts';

export type { Kemajuan };

export interface DemoTp {
  tp_id: Uuid;
  cp_id: number | null;
  kd_id: Uuid | null;
  mata_pelajaran_id: number;
  deskripsi: string;
  /** Order of the TP among those of its CP/KD set (the app lists TPs by creation time). */
  urutan: number;
}

export interface DemoGrades {
  semester_id: string;
  /** The school's TPs (the same set serves every semester). */
  tujuan_pembelajaran: DemoTp[];
  tp_mapel: { tp_id: Uuid; pembelajaran_id: Uuid }[];
  bobot: { pembelajaran_id: Uuid; materi: number; akhir: number }[];
  nilai_tp: { anggota_rombel_id: Uuid; pembelajaran_id: Uuid; tp_id: Uuid; nilai: number }[];
  nilai_sumatif: {
    anggota_rombel_id: Uuid;
    pembelajaran_id: Uuid;
    jenis: 'tes' | 'non-tes';
    nilai: number;
  }[];
  nilai_akhir: { anggota_rombel_id: Uuid; pembelajaran_id: Uuid; kompetensi_id: number; nilai: number }[];
  tp_nilai: { anggota_rombel_id: Uuid; pembelajaran_id: Uuid; tp_id: Uuid; kompeten: number }[];
  deskripsi: {
    anggota_rombel_id: Uuid;
    pembelajaran_id: Uuid;
    tercapai: string | null;
    perlu_ditingkatkan: string | null;
  }[];
  sikap: {
    nilai_sikap_id: Uuid;
    anggota_rombel_id: Uuid;
    guru_id: Uuid;
    tanggal: string;
    dimensi_id: number;
    elemen_id: number;
    opsi_id: 1 | 2;
    deskripsi: string;
  }[];
  ekskul: { anggota_rombel_id: Uuid; ekstrakurikuler_id: Uuid; nilai: number; deskripsi: string }[];
  /**
   * Ketidakhadiran (days of Sakit, Izin, Alpa) of every member of a regular class, in every
   * semester (a reprint of a past card prints them): mostly 0–3 days, about one pupil in 30 more.
   */
  absensi: { anggota_rombel_id: Uuid; sakit: number; izin: number; alpa: number }[];
  /** State of every gradable pembelajaran. */
  kemajuan: Record<Uuid, Kemajuan>;
  /** Pengaturan Umum of the semester. */
  settings: {
    kepala_sekolah: Uuid;
    jabatan: 'Kepala Sekolah';
    tanggal_rapor: string;
    tanggal_rapor_kelas_akhir: string | null;
  };
}

export interface GradeOptions {
  /** The school whose CP/KD carry the TPs (the active one; default: `school` itself). */
  curriculum?: DemoSchool;
  /** 'living': the spread above (active semester); 'complete': everything graded (history). */
  mode?: 'living' | 'complete';
  /**
   * Store the TP and SAS scores and the per-TP ketercapaian too (default true); false keeps what the
   * report prints: final grades and their descriptions.
   */
  scores?: boolean;
}

export const SPREAD = { lengkap: 0.7, sebagian: 0.2, belum: 0.1 } as const;

const K13_MAX_ID = 1000; // Merdeka SMK curricula have 5-digit ids, K13 ones 3-digit (as write-school)

function isGradable(p: Pembelajaran): boolean {
  const m = p.mata_pelajaran_id;
  return m !== MAPEL_PKL && !(m >= MAPEL_P5 && m < MAPEL_P5 + 100);
}

const clamp = (x: number, lo: number, hi: number) => Math.max(lo, Math.min(hi, x));

/** A TP's text from a CP's: the learner's action without "Peserta didik", as teachers phrase TPs. */
function tpText(cp: string): string {
  const t = cp
    .trim()
    .replace(/^Peserta didik\s+(mampu\s+|dapat\s+)?/iu, '')
    .replace(/[.\s]+$/u, '');
  return t.charAt(0).toUpperCase() + t.slice(1);
}

/** The TPs of a school's CP and KD rows: one per CP element, one per KD. Ids are stable. */
export function tujuanPembelajaranOf(curriculum: DemoSchool): DemoTp[] {
  const m = curriculum.meta;
  const rng = new Rng(`erapor-demo-tp:${m.seed}:${m.profile}:${m.npsn}`);
  const out: DemoTp[] = [];
  for (const c of curriculum.capaian_pembelajaran) {
    out.push({
      tp_id: rng.fork(`cp/${c.cp_id}`).uuid(),
      cp_id: c.cp_id,
      kd_id: null,
      mata_pelajaran_id: c.mata_pelajaran_id,
      deskripsi: tpText(c.deskripsi),
      urutan: out.length,
    });
  }
  for (const k of curriculum.kompetensi_dasar) {
    out.push({
      tp_id: rng.fork(`kd/${k.kompetensi_dasar_id}`).uuid(),
      cp_id: null,
      kd_id: k.kompetensi_dasar_id,
      mata_pelajaran_id: k.mata_pelajaran_id,
      deskripsi: k.kompetensi_dasar.trim(),
      urutan: out.length,
    });
  }
  return out;
}

const SIKAP_SAAT = [
  'diskusi kelompok',
  'praktik di bengkel',
  'presentasi tugas',
  'kegiatan upacara',
  'kerja bakti kelas',
  'ulangan harian',
  'praktik di laboratorium',
];

export function generateGrades(school: DemoSchool, options: GradeOptions = {}): DemoGrades {
  const curriculum = options.curriculum ?? school;
  const mode = options.mode ?? 'living';
  const withScores = options.scores ?? true;
  const m = school.meta;
  const semesterId = m.semester_id;
  const tahun = m.tahun_ajaran_id;
  const genap = semesterId.endsWith('2');
  const base = `erapor-demo-grades:${m.seed}:${m.profile}:${m.npsn}`;
  const root = new Rng(`${base}:${semesterId}`);
  /** Pupil traits live across semesters (a strong pupil stays strong). */
  const pupilRoot = new Rng(`${base}:pupil`);

  const tps = tujuanPembelajaranOf(curriculum);
  const cpFase = new Map(curriculum.capaian_pembelajaran.map((c) => [c.cp_id, c.fase]));
  const tpsFor = (r: RombonganBelajar, mapel: number): DemoTp[] => {
    if (r.kurikulum_id < K13_MAX_ID)
      return tps.filter((t) => t.kd_id !== null && t.mata_pelajaran_id === mapel);
    const fase = r.tingkat_pendidikan_id === 10 ? 'E' : 'F';
    return tps.filter(
      (t) => t.cp_id !== null && t.mata_pelajaran_id === mapel && cpFase.get(t.cp_id) === fase,
    );
  };

  const agamaOf = new Map(school.peserta_didik.map((p) => [p.peserta_didik_id, p.agama_id]));
  const live = school.rombongan_belajar.filter((r) => !(r.soft_delete ?? r.Soft_delete));
  const classes = live.filter((r) => r.jenis_rombel === 1 || r.jenis_rombel === 16);

  // ---- which subjects are complete, partly graded, not started
  const gradable = classes.flatMap((r) => r.pembelajaran.filter(isGradable).map((p) => ({ r, p })));
  const kemajuan: Record<Uuid, Kemajuan> = {};
  if (mode === 'complete') {
    for (const { p } of gradable) kemajuan[p.pembelajaran_id] = 'lengkap';
  } else {
    const waliRombel = school.relations.waliRombelId;
    for (const { r, p } of gradable)
      if (r.rombongan_belajar_id === waliRombel) kemajuan[p.pembelajaran_id] = 'lengkap';
    for (const [id, state] of guruKemajuan(school, gradable, waliRombel)) kemajuan[id] = state;
    const rest = root.fork('kemajuan').shuffle(gradable.filter(({ p }) => !kemajuan[p.pembelajaran_id]));
    const total = gradable.length;
    const forced = (k: Kemajuan) => gradable.filter(({ p }) => kemajuan[p.pembelajaran_id] === k).length;
    const nLengkap = Math.max(0, Math.round(total * SPREAD.lengkap) - forced('lengkap'));
    const nSebagian = Math.max(0, Math.round(total * SPREAD.sebagian) - forced('sebagian'));
    rest.forEach(({ p }, i) => {
      kemajuan[p.pembelajaran_id] =
        i < nLengkap ? 'lengkap' : i < nLengkap + nSebagian ? 'sebagian' : 'belum';
    });
  }

  const out: DemoGrades = {
    semester_id: semesterId,
    tujuan_pembelajaran: tps,
    tp_mapel: [],
    bobot: [],
    nilai_tp: [],
    nilai_sumatif: [],
    nilai_akhir: [],
    tp_nilai: [],
    deskripsi: [],
    sikap: [],
    ekskul: [],
    absensi: [],
    kemajuan,
    settings: {
      kepala_sekolah: school.sekolah.kepala_sekolah_ptk_id,
      jabatan: 'Kepala Sekolah',
      tanggal_rapor: genap ? `${tahun + 1}-06-19` : `${tahun}-12-19`,
      tanggal_rapor_kelas_akhir: genap ? `${tahun + 1}-05-08` : null,
    },
  };

  const ability = new Map<string, number>();
  const abilityOf = (pd: string) => {
    let a = ability.get(pd);
    if (a === undefined) {
      const r = pupilRoot.fork(pd);
      a = 60 + 32 * ((r.next() + r.next() + r.next()) / 3); // 60–92, most near 76
      ability.set(pd, a);
    }
    return a;
  };
  // The PKL subject's TPs are mapped as well, so pkl@ finds TPs to choose in Perencanaan Penilaian
  // PKL (issue #12). PKL scores are the supervisor's (nilai_pkl), never generated here.
  for (const r of classes)
    for (const p of r.pembelajaran)
      if (p.mata_pelajaran_id === MAPEL_PKL)
        for (const t of tpsFor(r, MAPEL_PKL))
          out.tp_mapel.push({ tp_id: t.tp_id, pembelajaran_id: p.pembelajaran_id });
  const BOBOT = weights('11:60 21:15 32:10 12:10 23:5');

  for (const { r, p } of gradable) {
    const state = kemajuan[p.pembelajaran_id] ?? 'belum';
    const list = tpsFor(r, p.mata_pelajaran_id);
    for (const t of list) out.tp_mapel.push({ tp_id: t.tp_id, pembelajaran_id: p.pembelajaran_id });
    const pr = root.fork(`p/${p.pembelajaran_id}`);
    const code = state === 'belum' ? 11 : pr.weighted(BOBOT);
    const bobot = { materi: Math.floor(code / 10), akhir: code % 10 };
    if (bobot.materi !== 1 || bobot.akhir !== 1)
      out.bobot.push({ pembelajaran_id: p.pembelajaran_id, ...bobot });
    if (state === 'belum' || list.length === 0) continue;

    const hasSub = r.pembelajaran.some((c) => c.induk_pembelajaran_id === p.pembelajaran_id && isGradable(c));
    const kompetensi = hasSub
      ? KOMPETENSI.induk
      : r.kurikulum_id < K13_MAX_ID
        ? KOMPETENSI.k13
        : KOMPETENSI.merdeka;
    const members = r.anggota_rombel.filter((a) =>
      takesMapel(p.mata_pelajaran_id, agamaOf.get(a.peserta_didik_id) ?? null),
    );
    // Partly graded: some pupils have their final grade, some all their scores (Nilai Akhir suggests
    // a grade the teacher has yet to save), the rest only their first TP scores.
    const done = state === 'lengkap' ? members.length : Math.round((members.length * pr.int(35, 60)) / 100);
    const scored = state === 'lengkap' ? 0 : Math.round(((members.length - done) * pr.int(30, 60)) / 100);
    const order = pr.shuffle(members);
    const finished = new Set(order.slice(0, done + scored).map((a) => a.anggota_rombel_id));
    const unsaved = new Set(order.slice(done, done + scored).map((a) => a.anggota_rombel_id));
    const difficulty = pr.int(-5, 3);

    for (const a of members) {
      const ar = pr.fork(a.peserta_didik_id);
      const level = abilityOf(a.peserta_didik_id) + difficulty + ar.int(-4, 4);
      const complete = finished.has(a.anggota_rombel_id);
      const scoredTps = complete ? list : list.slice(0, Math.ceil(list.length / 2));
      const skip = complete && list.length > 2 && ar.chance(0.03) ? ar.int(0, list.length - 1) : -1;
      const scores: { tp: (typeof list)[number]; nilai: number }[] = [];
      scoredTps.forEach((tp, i) => {
        const nilai = clamp(Math.round(level + ar.int(-9, 9)), 45, 100);
        if (i === skip) return;
        scores.push({ tp, nilai });
      });
      if (withScores)
        for (const s of scores)
          out.nilai_tp.push({
            anggota_rombel_id: a.anggota_rombel_id,
            pembelajaran_id: p.pembelajaran_id,
            tp_id: s.tp.tp_id,
            nilai: s.nilai,
          });
      if (!complete) continue;
      const tes = clamp(Math.round(level + ar.int(-10, 8)), 40, 100);
      const nonTes = ar.chance(0.02) ? null : clamp(Math.round(level + ar.int(-6, 10)), 40, 100);
      if (withScores) {
        out.nilai_sumatif.push({
          anggota_rombel_id: a.anggota_rombel_id,
          pembelajaran_id: p.pembelajaran_id,
          jenis: 'tes',
          nilai: tes,
        });
        if (nonTes !== null)
          out.nilai_sumatif.push({
            anggota_rombel_id: a.anggota_rombel_id,
            pembelajaran_id: p.pembelajaran_id,
            jenis: 'non-tes',
            nilai: nonTes,
          });
      }
      const slm = nilaiSumatifLingkupMateri(scores.map((s) => s.nilai));
      const sas = nilaiSumatifAkhirSemester(tes, nonTes);
      const na = nilaiAsesmen(slm, sas, bobot);
      if (na.nilai === null || unsaved.has(a.anggota_rombel_id)) continue;
      out.nilai_akhir.push({
        anggota_rombel_id: a.anggota_rombel_id,
        pembelajaran_id: p.pembelajaran_id,
        kompetensi_id: kompetensi,
        nilai: na.nilai,
      });
      // Ketercapaian: the best TPs (85 and above, at most two; else the best one) achieved, the
      // weakest marked to improve when below 75.
      const ranked = [...scores].sort((x, y) => y.nilai - x.nilai || x.tp.urutan - y.tp.urutan);
      const verdict = new Map<string, number>();
      const top = ranked.filter((s) => s.nilai >= 85).slice(0, 2);
      for (const s of top.length ? top : ranked.slice(0, 1)) verdict.set(s.tp.tp_id, KOMPETEN.tercapai);
      const low = ranked[ranked.length - 1];
      if (low && low.nilai < 75 && !verdict.has(low.tp.tp_id))
        verdict.set(low.tp.tp_id, KOMPETEN.tidakTercapai);
      if (withScores)
        for (const [tp_id, kompeten] of verdict)
          out.tp_nilai.push({
            anggota_rombel_id: a.anggota_rombel_id,
            pembelajaran_id: p.pembelajaran_id,
            tp_id,
            kompeten,
          });
      const teks = deskripsiCapaian(
        list.map((t) => ({ deskripsi: t.deskripsi, kompeten: verdict.get(t.tp_id) ?? null })),
      );
      out.deskripsi.push({
        anggota_rombel_id: a.anggota_rombel_id,
        pembelajaran_id: p.pembelajaran_id,
        tercapai: teks.tercapai,
        perlu_ditingkatkan: teks.perluDitingkatkan,
      });
    }
  }

  // ---- attitude notes: a few per regular class, by its wali and its teachers
  const semStart = genap ? dayOf(tahun + 1, 1, 8) : dayOf(tahun, 7, 15);
  const sr = root.fork('sikap');
  for (const r of classes.filter((x) => x.jenis_rombel === 1 && x.anggota_rombel.length > 0)) {
    const rr = sr.fork(r.rombongan_belajar_id);
    const teachers = [r.ptk_id, ...r.pembelajaran.filter(isGradable).map((p) => p.ptk_id)].filter(Boolean);
    const n = rr.int(3, 7);
    for (let i = 0; i < n; i++) {
      const a = rr.pick(r.anggota_rombel);
      const el = rr.pick(p5Elemen);
      const positive = rr.chance(0.8);
      const saat = rr.pick(SIKAP_SAAT);
      const elemen = el.elemen.trim().toLowerCase();
      out.sikap.push({
        nilai_sikap_id: rr.uuid(),
        anggota_rombel_id: a.anggota_rombel_id,
        guru_id: i === 0 ? r.ptk_id : rr.pick(teachers),
        tanggal: ymd(semStart + rr.int(7, 80)),
        dimensi_id: P5_KODE_DIMENSI_TO_NO[el.kode_dimensi] ?? 1,
        elemen_id: el.no,
        opsi_id: positive ? 1 : 2,
        deskripsi: positive
          ? `Menunjukkan ${elemen} yang baik saat ${saat}.`
          : `Perlu bimbingan dalam ${elemen} saat ${saat}.`,
      });
    }
  }

  // ---- extracurricular grades
  const er = root.fork('ekskul');
  for (const e of school.ekstrakurikuler) {
    const r = live.find((x) => x.rombongan_belajar_id === e.rombongan_belajar_id);
    if (!r) continue;
    // ekskul@'s own ekskul waits for its pembina in the active semester (as guru@'s subjects do).
    if (mode === 'living' && e.pembina_ptk_id === school.demoAccounts.ekskul.ptk_id) continue;
    const xr = er.fork(e.ID_kelas_ekskul);
    for (const a of r.anggota_rombel) {
      const nilai = xr.weighted(weights('1:32 2:48 3:17 4:3'));
      out.ekskul.push({
        anggota_rombel_id: a.anggota_rombel_id,
        ekstrakurikuler_id: e.ID_kelas_ekskul,
        nilai,
        deskripsi: deskripsiEkskul(e.nm_ekskul, nilai),
      });
    }
  }

  // ---- absences of the homeroom classes (the wali kelas's Ketidakhadiran), every semester
  out.absensi = generateAbsensi(live, root.fork('absensi'));
  return out;
}
