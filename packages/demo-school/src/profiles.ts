import type { ProgKey } from './curriculum.ts';
import type { ProfileName } from './types.ts';

export interface ClassSpec {
  prog: ProgKey;
  tingkat: 10 | 11 | 12;
  index: number;
  k13: boolean;
  empty: boolean;
}

export interface ElectiveSpec {
  tingkat: 11 | 12;
  prog: ProgKey;
  mapel: number;
  members: readonly [number, number];
}

/** A religion other than Islam: in how many classes per tingkat it appears and how many pupils each. */
export interface MinoritySpec {
  agama: number;
  classes: Record<10 | 11 | 12, number>;
  perClass: readonly [number, number];
}

export interface Profile {
  name: ProfileName;
  classes: ClassSpec[];
  classSize: readonly [number, number];
  /** Share of boys per programme (TJKT/PPLG mostly boys, AKL/MPLB mostly girls: ~45 % overall). */
  boys: Record<ProgKey, number>;
  minorities: MinoritySpec[];
  /** Number of teachers; null = as few as the subjects need. */
  guru: number | null;
  tendik: number;
  subMapelTingkat: 11 | null;
  /** P5 theme sub-pembelajaran per class, by tingkat. */
  p5Themes: Record<10 | 11, number>;
  electives: ElectiveSpec[];
  ekskul: number;
  ekskulMembers: readonly [number, number];
  /** DUDI per programme. */
  dudi: Partial<Record<ProgKey, number>>;
  aktPdPerClass: number;
  leavers: number;
  edgeCases: boolean;
  /** JP per week every guru must end up with (checked in tests). */
  jpRange: readonly [number, number];
  /**
   * Seeded as a living school by default: grades of the active semester and the past semesters
   * (grades.ts, history.ts). The test profile stays plain unless a test asks for them.
   */
  living: boolean;
}

function standardClasses(): ClassSpec[] {
  const perProg: Record<ProgKey, number> = { TJKT: 4, PPLG: 4, AKL: 4, MPLB: 3 };
  const out: ClassSpec[] = [];
  for (const tingkat of [10, 11, 12] as const) {
    for (const prog of ['TJKT', 'PPLG', 'AKL', 'MPLB'] as const) {
      for (let index = 1; index <= perProg[prog]; index++) {
        out.push({
          prog,
          tingkat,
          index,
          k13: tingkat === 12 && prog === 'TJKT' && index === 4,
          empty: tingkat === 10 && prog === 'MPLB' && index === 3,
        });
      }
    }
  }
  return out;
}

export const PROFILES: Record<ProfileName, Profile> = {
  'smk-standard': {
    name: 'smk-standard',
    classes: standardClasses(),
    classSize: [31, 37],
    boys: { TJKT: 0.68, PPLG: 0.6, AKL: 0.26, MPLB: 0.14 },
    minorities: [
      { agama: 2, classes: { 10: 5, 11: 5, 12: 5 }, perClass: [4, 8] },
      { agama: 3, classes: { 10: 3, 11: 3, 12: 3 }, perClass: [4, 8] },
      { agama: 4, classes: { 10: 2, 11: 1, 12: 1 }, perClass: [3, 7] },
      { agama: 5, classes: { 10: 1, 11: 1, 12: 1 }, perClass: [3, 6] },
      { agama: 6, classes: { 10: 0, 11: 1, 12: 0 }, perClass: [1, 2] },
    ],
    guru: 78,
    tendik: 12,
    subMapelTingkat: 11,
    p5Themes: { 10: 3, 11: 2 },
    electives: [
      { tingkat: 11, prog: 'TJKT', mapel: 401002000, members: [20, 30] },
      { tingkat: 11, prog: 'PPLG', mapel: 300310400, members: [20, 30] },
      { tingkat: 11, prog: 'AKL', mapel: 300230000, members: [20, 30] },
      { tingkat: 12, prog: 'MPLB', mapel: 300310600, members: [20, 30] },
      { tingkat: 12, prog: 'AKL', mapel: 300310700, members: [20, 30] },
      { tingkat: 12, prog: 'PPLG', mapel: 401250100, members: [20, 30] },
    ],
    ekskul: 12,
    ekskulMembers: [20, 60],
    dudi: { TJKT: 11, PPLG: 10, AKL: 10, MPLB: 9 },
    aktPdPerClass: 3,
    leavers: 25,
    edgeCases: true,
    jpRange: [12, 30],
    living: true,
  },
  tiny: {
    name: 'tiny',
    classes: [
      { prog: 'TJKT', tingkat: 10, index: 1, k13: false, empty: false },
      { prog: 'TJKT', tingkat: 11, index: 1, k13: false, empty: false },
      { prog: 'TJKT', tingkat: 12, index: 1, k13: false, empty: false },
      { prog: 'TJKT', tingkat: 12, index: 2, k13: true, empty: false },
    ],
    classSize: [9, 11],
    boys: { TJKT: 0.6, PPLG: 0.6, AKL: 0.3, MPLB: 0.2 },
    minorities: [{ agama: 2, classes: { 10: 1, 11: 0, 12: 0 }, perClass: [2, 2] }],
    guru: null,
    tendik: 2,
    subMapelTingkat: 11,
    p5Themes: { 10: 1, 11: 1 },
    electives: [{ tingkat: 11, prog: 'TJKT', mapel: 401002000, members: [5, 6] }],
    ekskul: 2,
    ekskulMembers: [5, 8],
    dudi: { TJKT: 2 },
    aktPdPerClass: 1,
    leavers: 1,
    edgeCases: false,
    jpRange: [0, 60],
    living: false,
  },
};
