import dimensi from '../data/p5_dimensi.json' with { type: 'json' };
import elemen from '../data/p5_elemen.json' with { type: 'json' };
import subElemen from '../data/p5_sub_elemen.json' with { type: 'json' };

/**
 * P5 (Projek Penguatan Profil Pelajar Pancasila) from `p5.xlsx`, one array per sheet, keys = the
 * sheet's header row exactly as published — including the misspelt `kede elemen` column.
 *
 * Caution: in the published file `kode_dimensi` of the `elemen` and `sub_elemen` sheets does NOT follow
 * the `no` of the `dimensi` sheet (e.g. the Bergotong-royong elements Kolaborasi/Kepedulian/Berbagi
 * carry kode_dimensi 4, and the Berkebinekaan global elements carry 5). The rows are kept as published;
 * see README.md before relying on the join.
 */
export interface P5Dimensi {
  no: number;
  dimensi: string;
}
export interface P5Elemen {
  no: number;
  kode_dimensi: number;
  elemen: string;
}
export interface P5SubElemen {
  no: number;
  kode_dimensi: number;
  'kede elemen': number;
  sub_elemen: string;
}

export const p5Dimensi: readonly P5Dimensi[] = dimensi as P5Dimensi[];
export const p5Elemen: readonly P5Elemen[] = elemen as P5Elemen[];
export const p5SubElemen: readonly P5SubElemen[] = subElemen as P5SubElemen[];

/**
 * Our reading of the published `kode_dimensi` (used by the `elemen`/`sub_elemen` sheets) in terms of
 * the `dimensi` sheet's `no`, derived from the element names: kode 1 Beriman → 1, 2 Mandiri → 3,
 * 3 Kreatif → 5, 4 Bergotong-royong → 6, 5 Berkebinekaan global → 4, 6 Bernalar kritis → 2.
 */
export const P5_KODE_DIMENSI_TO_NO: Readonly<Record<number, number>> = { 1: 1, 2: 3, 3: 5, 4: 6, 5: 4, 6: 2 };
