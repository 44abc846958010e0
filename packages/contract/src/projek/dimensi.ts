import { P5_KODE_DIMENSI_TO_NO } from '@erapor/reference-data/p5';

/**
 * The sub-element → dimension grouping of the P5 checklist and report (issue #13 item 1).
 * The published `kode_dimensi` of the elemen / sub_elemen sheets does NOT follow the dimensi
 * sheet's `no`; P5_KODE_DIMENSI_TO_NO (reference-data) is our reading of it. Kept apart from
 * rules.ts so the web app (which receives the grouping from the server) never bundles it.
 */
export function dimensiNoOfKode(kodeDimensi: number): number {
  const no = P5_KODE_DIMENSI_TO_NO[kodeDimensi];
  if (no === undefined) throw new Error(`unknown P5 kode_dimensi ${kodeDimensi}`);
  return no;
}
