import type { ProgressStatus } from '../monitoring/counting';

/**
 * Test data only (imported by *.test.ts): the hand-computed school of issue #14 item 4 — 2 classes
 * (B locked), 4 subjects plus a sub-subject and a religion subject of a religion nobody has, pupils
 * of two religions, one pupil who left (pd_keluar) and one whose membership was removed. The unit
 * test (counting.fixture.test.ts) and the API test (apps/server/src/modules/monitoring/
 * penilaian.test.ts) both check the values written here by hand.
 */

export const ISLAM = 1;
export const KRISTEN = 2;

export interface FixturePupil {
  key: string;
  rombel: 'A' | 'B';
  nama: string;
  agama: number;
  /** 'keluar': registered in pd_keluar this semester (membership live); 'removed': membership deleted. */
  left?: 'keluar' | 'removed';
}

export interface FixtureSubject {
  key: string;
  rombel: 'A' | 'B';
  mapel: number;
  nama: string;
  guru: 'ani' | 'budi' | 'citra';
  induk?: string;
  /** Pupils with a nilai akhir row (counted or not). */
  graded: readonly string[];
  /** Pupils with a capaian text. */
  capaian?: readonly string[];
  /** Hand-computed. */
  expect: { expected: number; dinilai: number; percent: number | null; status: ProgressStatus | null };
}

export const FIXTURE_GURU = { ani: 'Ani Fixture', budi: 'Budi Fixture', citra: 'Citra Fixture' } as const;

export const FIXTURE_ROMBEL = {
  A: { nama: 'X FIX 1', tingkat: 10, kunci: false },
  B: { nama: 'XI FIX 1', tingkat: 11, kunci: true },
} as const;

export const FIXTURE_PUPILS: readonly FixturePupil[] = [
  { key: 'P1', rombel: 'A', nama: 'Adi', agama: ISLAM },
  { key: 'P2', rombel: 'A', nama: 'Bela', agama: ISLAM },
  { key: 'P3', rombel: 'A', nama: 'Caca', agama: KRISTEN },
  { key: 'P4', rombel: 'A', nama: 'Dodi', agama: ISLAM, left: 'keluar' },
  { key: 'P5', rombel: 'A', nama: 'Euis', agama: KRISTEN, left: 'removed' },
  { key: 'Q1', rombel: 'B', nama: 'Fajar', agama: ISLAM },
  { key: 'Q2', rombel: 'B', nama: 'Gita', agama: KRISTEN },
  { key: 'Q3', rombel: 'B', nama: 'Hana', agama: ISLAM },
];

const AGAMA_ISLAM = 100011070;
const AGAMA_HINDU = 100015010;
const MATEMATIKA = 401000000;
const BAHASA_INDONESIA = 300110000;
const PRODUKTIF = 800050000;
const PRODUKTIF_SUB = 800050100;

export const FIXTURE_SUBJECTS: readonly FixtureSubject[] = [
  // A: Islam pupils P1, P2 (P4 left, P5 removed); P3 (Kristen) and P4 graded anyway → not counted.
  {
    key: 'A-AGI',
    rombel: 'A',
    mapel: AGAMA_ISLAM,
    nama: 'Pendidikan Agama Islam',
    guru: 'ani',
    graded: ['P1', 'P3', 'P4'],
    expect: { expected: 2, dinilai: 1, percent: 50, status: 'sebagian' },
  },
  // A: live members P1, P2, P3; P5's grade (removed) does not count, nor does P5's capaian.
  {
    key: 'A-MTK',
    rombel: 'A',
    mapel: MATEMATIKA,
    nama: 'Matematika',
    guru: 'budi',
    graded: ['P1', 'P2', 'P3', 'P5'],
    capaian: ['P1', 'P5'],
    expect: { expected: 3, dinilai: 3, percent: 100, status: 'lengkap' },
  },
  {
    key: 'A-BIN',
    rombel: 'A',
    mapel: BAHASA_INDONESIA,
    nama: 'Bahasa Indonesia',
    guru: 'citra',
    graded: [],
    expect: { expected: 3, dinilai: 0, percent: 0, status: 'belum' },
  },
  {
    key: 'A-PRD',
    rombel: 'A',
    mapel: PRODUKTIF,
    nama: 'Produktif',
    guru: 'citra',
    graded: ['P1'],
    expect: { expected: 3, dinilai: 1, percent: 33.3, status: 'sebagian' },
  },
  // The sub-subject of A-PRD: a row of its own.
  {
    key: 'A-SUB',
    rombel: 'A',
    mapel: PRODUKTIF_SUB,
    nama: 'Produktif - Jaringan',
    guru: 'citra',
    induk: 'A-PRD',
    graded: ['P1', 'P2'],
    expect: { expected: 3, dinilai: 2, percent: 66.7, status: 'sebagian' },
  },
  // Nobody in A is Hindu: nothing expected → "-".
  {
    key: 'A-HND',
    rombel: 'A',
    mapel: AGAMA_HINDU,
    nama: 'Pendidikan Agama Hindu',
    guru: 'ani',
    graded: [],
    expect: { expected: 0, dinilai: 0, percent: null, status: null },
  },
  {
    key: 'B-AGI',
    rombel: 'B',
    mapel: AGAMA_ISLAM,
    nama: 'Pendidikan Agama Islam',
    guru: 'ani',
    graded: ['Q1'],
    expect: { expected: 2, dinilai: 1, percent: 50, status: 'sebagian' },
  },
  {
    key: 'B-MTK',
    rombel: 'B',
    mapel: MATEMATIKA,
    nama: 'Matematika',
    guru: 'budi',
    graded: ['Q1', 'Q2', 'Q3'],
    capaian: ['Q2'],
    expect: { expected: 3, dinilai: 3, percent: 100, status: 'lengkap' },
  },
  {
    key: 'B-BIN',
    rombel: 'B',
    mapel: BAHASA_INDONESIA,
    nama: 'Bahasa Indonesia',
    guru: 'budi',
    graded: [],
    expect: { expected: 3, dinilai: 0, percent: 0, status: 'belum' },
  },
  {
    key: 'B-PRD',
    rombel: 'B',
    mapel: PRODUKTIF,
    nama: 'Produktif',
    guru: 'citra',
    graded: ['Q2'],
    expect: { expected: 3, dinilai: 1, percent: 33.3, status: 'sebagian' },
  },
];

/** Hand totals: A 14 / 7 = 50.0 %, B 11 / 5 = 45.5 %, school 25 / 12 = 48.0 %. */
export const FIXTURE_TOTALS = {
  school: { expected: 25, dinilai: 12, percent: 48, items_total: 9, items_lengkap: 2, items_belum: 2 },
  kelas: [
    { rombel: 'B', expected: 11, dinilai: 5, percent: 45.5 },
    { rombel: 'A', expected: 14, dinilai: 7, percent: 50 },
  ],
  /** Missing grades per teacher, most first: Citra 3+2+1+2, Budi 3, Ani 1+1. */
  guruBelum: [
    { guru: 'citra', belum: 8 },
    { guru: 'budi', belum: 3 },
    { guru: 'ani', belum: 2 },
  ],
  /** The table's default order (lowest % first, tingkat, rombel; nothing expected last). */
  order: ['A-BIN', 'B-BIN', 'A-PRD', 'B-PRD', 'A-AGI', 'B-AGI', 'A-SUB', 'A-MTK', 'B-MTK', 'A-HND'],
} as const;
