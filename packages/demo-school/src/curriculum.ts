/**
 * The school's programmes and the subject structure of each class (Kurikulum Merdeka SMK, plus the
 * legacy K13 class), with real ids from reference-data. JP per week follow the usual SMK allocation.
 */

export type ProgKey = 'TJKT' | 'PPLG' | 'AKL' | 'MPLB';

/** Teacher pools: a teacher belongs to one pool and teaches its subjects. */
export type Pool =
  | 'PAI'
  | 'PAK'
  | 'PAKAT'
  | 'PAH'
  | 'PAB'
  | 'PKN'
  | 'SEJ'
  | 'BIND'
  | 'BING'
  | 'MTK'
  | 'PJOK'
  | 'SENI'
  | 'BDAE'
  | 'INF'
  | 'IPAS'
  | 'PROD_TJKT'
  | 'PROD_PPLG'
  | 'PROD_AKL'
  | 'PROD_MPLB';

export interface Programme {
  key: ProgKey;
  /** Program keahlian (level 11) and konsentrasi keahlian (level 12, registered as jurusan_sp). */
  jurusanProgram: string;
  jurusanKonsentrasi: string;
  /** Grade 10 curriculum (program level) and grades 11–12 curriculum (konsentrasi level). */
  kurikulumE: number;
  kurikulumF: number;
  dasar: number;
  konsentrasi: number;
  /** Sub-subjects of the konsentrasi subject in grade 11 (real K13-era subject ids). */
  subMapel: readonly number[];
  seni: number;
  pool: Pool;
}

export const PROGRAMMES: Record<ProgKey, Programme> = {
  TJKT: {
    key: 'TJKT',
    jurusanProgram: '16012',
    jurusanKonsentrasi: '16012425',
    kurikulumE: 10722,
    kurikulumF: 10816,
    dasar: 800000122,
    konsentrasi: 800000216,
    subMapel: [802020910, 802020920, 802021900],
    seni: 700109000,
    pool: 'PROD_TJKT',
  },
  PPLG: {
    key: 'PPLG',
    jurusanProgram: '16010',
    jurusanKonsentrasi: '16010410',
    kurikulumE: 10721,
    kurikulumF: 10813,
    dasar: 800000121,
    konsentrasi: 800000213,
    subMapel: [802020400, 802010400, 802010710],
    seni: 700121000,
    pool: 'PROD_PPLG',
  },
  AKL: {
    key: 'AKL',
    jurusanProgram: '35014',
    jurusanKonsentrasi: '35014605',
    kurikulumE: 10739,
    kurikulumF: 10852,
    dasar: 800000139,
    konsentrasi: 800000252,
    subMapel: [401251030, 401251040, 401251060],
    seni: 700110000,
    pool: 'PROD_AKL',
  },
  MPLB: {
    key: 'MPLB',
    jurusanProgram: '35012',
    jurusanKonsentrasi: '35012585',
    kurikulumE: 10738,
    kurikulumF: 10848,
    dasar: 800000138,
    konsentrasi: 800000248,
    subMapel: [828070200, 828080200],
    seni: 700122000,
    pool: 'PROD_MPLB',
  },
};

export const K13_KURIKULUM_ID = 418; // SMK 2013 REV. Teknik Komputer dan Jaringan

/** Religion subject per agama_id (ref_agama): same ids in Merdeka and K13. */
export const MAPEL_AGAMA: Record<number, number> = {
  1: 100011070,
  2: 100012050,
  3: 100013010,
  4: 100015010,
  5: 100014140,
  6: 100016010,
};
export const POOL_AGAMA: Record<number, Pool> = {
  1: 'PAI',
  2: 'PAK',
  3: 'PAKAT',
  4: 'PAH',
  5: 'PAB',
  6: 'PAB',
};

export const MAPEL = {
  pancasila: 200010300,
  ppkn: 200010000,
  bindo: 300110000,
  bing: 300210000,
  pjok: 500010000,
  sejarah: 401230000,
  bahasaDaerah: 300311900,
  mtk: 401000000,
  informatika: 700106100,
  ipas: 401901000,
  pkk: 600070200,
  pkkK13: 600070100,
  pkl: 800001000,
  p5: 200040000,
} as const;

/** P5 themes used as sub-pembelajaran of the P5 parent (2000400x0). */
export const P5_TEMA = [200040010, 200040080, 200040060, 200040020] as const;

export type UnitKind = 'agama' | 'umum' | 'kejuruan' | 'konsentrasi' | 'pkl' | 'p5';

export interface PlannedSubject {
  mapel: number;
  jam: number;
  pool: Pool | null;
  kind: UnitKind;
}

/** Non-religion subjects of a regular class; religion subjects are added per agama present. */
export function classPlan(prog: Programme, tingkat: number, k13: boolean): PlannedSubject[] {
  const s = (mapel: number, jam: number, pool: Pool | null, kind: UnitKind = 'umum'): PlannedSubject => ({
    mapel,
    jam,
    pool,
    kind,
  });
  if (k13) {
    return [
      s(MAPEL.ppkn, 2, 'PKN'),
      s(MAPEL.bindo, 4, 'BIND'),
      s(MAPEL.bing, 4, 'BING'),
      s(MAPEL.mtk, 4, 'MTK'),
      s(MAPEL.pkkK13, 7, prog.pool, 'kejuruan'),
      s(802020910, 7, prog.pool, 'kejuruan'),
      s(802020920, 7, prog.pool, 'kejuruan'),
      s(802021900, 6, prog.pool, 'kejuruan'),
    ];
  }
  if (tingkat === 10) {
    return [
      s(MAPEL.pancasila, 2, 'PKN'),
      s(MAPEL.bindo, 3, 'BIND'),
      s(MAPEL.pjok, 3, 'PJOK'),
      s(MAPEL.sejarah, 2, 'SEJ'),
      s(prog.seni, 2, 'SENI'),
      s(MAPEL.bahasaDaerah, 2, 'BDAE'),
      s(MAPEL.mtk, 4, 'MTK'),
      s(MAPEL.bing, 3, 'BING'),
      s(MAPEL.informatika, 4, 'INF'),
      s(MAPEL.ipas, 6, 'IPAS'),
      s(prog.dasar, 12, prog.pool, 'kejuruan'),
      s(MAPEL.p5, 0, null, 'p5'),
    ];
  }
  if (tingkat === 11) {
    return [
      s(MAPEL.pancasila, 2, 'PKN'),
      s(MAPEL.bindo, 3, 'BIND'),
      s(MAPEL.pjok, 2, 'PJOK'),
      s(MAPEL.sejarah, 2, 'SEJ'),
      s(MAPEL.bahasaDaerah, 2, 'BDAE'),
      s(MAPEL.mtk, 3, 'MTK'),
      s(MAPEL.bing, 4, 'BING'),
      s(prog.konsentrasi, 18, prog.pool, 'konsentrasi'),
      s(MAPEL.pkk, 5, prog.pool, 'kejuruan'),
      s(MAPEL.p5, 0, null, 'p5'),
    ];
  }
  return [
    s(MAPEL.pancasila, 2, 'PKN'),
    s(MAPEL.bindo, 3, 'BIND'),
    s(MAPEL.bahasaDaerah, 2, 'BDAE'),
    s(MAPEL.mtk, 3, 'MTK'),
    s(MAPEL.bing, 4, 'BING'),
    s(prog.konsentrasi, 12, prog.pool, 'konsentrasi'),
    s(MAPEL.pkk, 5, prog.pool, 'kejuruan'),
    s(MAPEL.pkl, 4, prog.pool, 'pkl'),
  ];
}

/** Elective subjects (jenis_rombel 16) and the pool that teaches them. */
export const ELECTIVE_POOL: Record<number, Pool> = {
  401002000: 'MTK', // Matematika Tingkat Lanjut
  300230000: 'BING', // Bahasa Inggris Tingkat Lanjut
  300310400: 'BING', // Bahasa Jepang
  300310600: 'BING', // Bahasa Korea
  300310700: 'BING', // Bahasa Mandarin
  401250100: 'IPAS', // Ekonomi
};
