import type { TpTemplateExpectation, TpTemplateInfo } from '../excel';

/**
 * The Template TP every corpus file starts from: Matematika of the demo school's X TJKT 1, under a
 * national CP (50003) that kurikulum.test.ts adds for them, so the API tests post the files unchanged.
 */
export const CORPUS_TEMPLATE: TpTemplateInfo = {
  mapelNama: 'Matematika',
  mapelKode: 401000000,
  jenis: 'cp',
  sumberTeks: 'Aljabar — CP nasional untuk berkas contoh',
  sumberKode: '50003',
  rombel: 'X TJKT 1',
};

export const CORPUS_EXPECTED: TpTemplateExpectation = {
  mapelKode: CORPUS_TEMPLATE.mapelKode,
  jenis: CORPUS_TEMPLATE.jenis,
  sumberKode: CORPUS_TEMPLATE.sumberKode,
};

/** The class named by the corpus's "template made for another class". */
export const CORPUS_OTHER_ROMBEL = 'X TKJ 1';

/** The TPs the teacher types in the files that are meant to be accepted. */
export const CORPUS_TP = [
  'Menyelesaikan persamaan linear satu variabel',
  'Menyusun model matematika dari masalah kontekstual',
  'Menggambar grafik fungsi linear',
] as const;
