/*
 * Texts that reach a printed document (issue #26 item 2, decision 056). One rule for all of them,
 * the one the reference's HTML print follows: any run of white space — line breaks, tabs, non-breaking
 * and other Unicode spaces — is one space. The national texts were copied from PDFs, so their line
 * breaks fall between words in mid-sentence (ref_cp*.xlsx); in the published p5.xlsx those breaks
 * were lost before we ever read it, leaving words glued ("yangkompleks"): those are split back by
 * the list below, reviewed word by word against the rest of the national texts, and a comma glued
 * to the next word gets its space back; a doubled word split after its hyphen is joined again.
 */

/** Glued words of the published P5 texts (p5.xlsx, sheets dimensi/elemen/sub_elemen) and their split. */
export const KATA_TERGABUNG: Readonly<Record<string, string>> = {
  belajarmaupun: 'belajar maupun',
  berhargakepada: 'berharga kepada',
  berusahauntuk: 'berusaha untuk',
  bisadilakukan: 'bisa dilakukan',
  dalamdunia: 'dalam dunia',
  danmenekan: 'dan menekan',
  danmengubah: 'dan mengubah',
  danprasangka: 'dan prasangka',
  digunakannyadalam: 'digunakannya dalam',
  dirasakannyasecara: 'dirasakannya secara',
  jangkapanjang: 'jangka panjang',
  karirdan: 'karir dan',
  kebutuhanmereka: 'kebutuhan mereka',
  kegiatankeagamaan: 'kegiatan keagamaan',
  kelompokdapat: 'kelompok dapat',
  kesadaranpeduli: 'kesadaran peduli',
  komunikasiuntuk: 'komunikasi untuk',
  lebihluas: 'lebih luas',
  lingkungandengan: 'lingkungan dengan',
  masalahuntuk: 'masalah untuk',
  memodifikasigagasan: 'memodifikasi gagasan',
  menemuihambatan: 'menemui hambatan',
  mengembangkanpengetahuan: 'mengembangkan pengetahuan',
  menjembataniperbedaan: 'menjembatani perbedaan',
  menopangekologi: 'menopang ekologi',
  oranglain: 'orang lain',
  pandangorang: 'pandang orang',
  pekerjaandan: 'pekerjaan dan',
  peransosialnya: 'peran sosialnya',
  perasaannyadalam: 'perasaannya dalam',
  personalmaupun: 'personal maupun',
  pikirandan: 'pikiran dan',
  secarabijak: 'secara bijak',
  sertamemahami: 'serta memahami',
  sertamenetapkan: 'serta menetapkan',
  sesuaidengan: 'sesuai dengan',
  suatugagasan: 'suatu gagasan',
  tentanggambaran: 'tentang gambaran',
  terhadapekspresi: 'terhadap ekspresi',
  termasukidentitas: 'termasuk identitas',
  tujuanbersama: 'tujuan bersama',
  untukmemahami: 'untuk memahami',
  untukmenganalisis: 'untuk menganalisis',
  untukmenghasilkan: 'untuk menghasilkan',
  waktuyang: 'waktu yang',
  yangberbeda: 'yang berbeda',
  yangdapat: 'yang dapat',
  yangkompleks: 'yang kompleks',
};

const GLUED = new Map(Object.entries(KATA_TERGABUNG));
/**
 * Candidate words: lower-case runs as long as the shortest glued word, whole. One pass with a map
 * lookup is several times faster than an alternation of the words over a class's thousands of texts.
 */
const MIN_GLUED = Math.min(...Object.keys(KATA_TERGABUNG).map((w) => w.length));
const CANDIDATE = new RegExp(`\\b[a-z]{${MIN_GLUED},}\\b`, 'g');

/** A comma between two letters ("bersama,memberikan"): the space after it was lost the same way. */
const COMMA = /(\p{L}),(?=\p{L})/gu;

/** A doubled word broken after its hyphen ("tindakan- tindakan"), as a PDF line end leaves it. */
const REDUPLIKASI = /(?<![\p{L}])(\p{L}+)- \1(?![\p{L}])/gu;

/** Any white space, Unicode's included (\s covers NBSP, U+2000–U+200A, U+3000, BOM), and zero-width space. */
const SPACES = /[\s\u200b]+/g;

/**
 * A text as it is printed: every run of white space one space, none before a comma, a space after a
 * comma between two letters, a doubled word whole ("tindakan-tindakan"), the known glued national words split. Not trimmed — a text in pieces ("Kelas: " + a bold value) keeps the space between them;
 * stored texts are trimmed by `rapikanTeksTersimpan`.
 */
export function rapikanTeks(text: string): string {
  let out = text.replace(SPACES, ' ');
  // The rarer repairs only where their mark is (a class file holds thousands of texts).
  if (out.includes(',')) {
    // "Kec. Onanrunggu , Kab. Samosir": a published name's trailing space, joined into a list.
    out = out.replaceAll(' ,', ',').replace(COMMA, '$1, ');
  }
  if (out.includes('- ')) out = out.replace(REDUPLIKASI, '$1-$1');
  return out.replace(CANDIDATE, (w) => GLUED.get(w) ?? w);
}

/** A stored text (a national row, an import): `rapikanTeks`, trimmed. */
export function rapikanTeksTersimpan(text: string): string {
  return rapikanTeks(text).trim();
}
