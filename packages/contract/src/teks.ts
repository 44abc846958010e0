/*
 * Texts that reach a printed document (issue #26 item 2, decision 056). One rule for all of them,
 * the one the reference's HTML print follows: any run of white space — line breaks, tabs, non-breaking
 * and other Unicode spaces — is one space. The national texts were copied from PDFs, so their line
 * breaks fall between words in mid-sentence (ref_cp*.xlsx); in the published p5.xlsx those breaks
 * were lost before we ever read it, leaving words glued ("yangkompleks"): those are split back by
 * the lists below, reviewed word by word against the rest of the national texts (the capaian
 * pembelajaran texts carry the same loss, and doubled words that lost their hyphen: "alatalat"); a
 * comma or a full stop glued to the next word gets its space back; a doubled word split after its
 * hyphen is joined again.
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

/**
 * Glued words of the published capaian pembelajaran texts (ref_cp.xlsx, ref_cp_2.xlsx: descriptions
 * and element names) and their split, reviewed by hand as the P5 list was (decision 056). Matched
 * whatever their case ("LingkunganHidup", "Perkembanganteknologi"); a few lost more than one break.
 */
export const KATA_TERGABUNG_CP: Readonly<Record<string, string>> = {
  aktifdan: 'aktif dan',
  andcommunication: 'and communication',
  andpowertrain: 'and powertrain',
  bahanbangunan: 'bahan bangunan',
  bangunansipil: 'bangunan sipil',
  berbagaiaspek: 'berbagai aspek',
  berbasisgreen: 'berbasis green',
  bidangdesain: 'bidang desain',
  bidangkuliner: 'bidang kuliner',
  bidangmanufaktur: 'bidang manufaktur',
  bidangmanufakturdan: 'bidang manufaktur dan',
  bidangmanufakturmesin: 'bidang manufaktur mesin',
  bidangotomotif: 'bidang otomotif',
  bidangpengelasan: 'bidang pengelasan',
  bisnisbidang: 'bisnis bidang',
  bisnisbidangmanufaktursecaramenyeluruh: 'bisnis bidang manufaktur secara menyeluruh',
  bisnisindustri: 'bisnis industri',
  bisnismenyeluruh: 'bisnis menyeluruh',
  bisnispada: 'bisnis pada',
  budayakerja: 'budaya kerja',
  chromatographymass: 'chromatography mass',
  cintakasih: 'cinta kasih',
  dandunia: 'dan dunia',
  danelektronika: 'dan elektronika',
  danentrepreneurship: 'dan entrepreneurship',
  danfabrikasi: 'dan fabrikasi',
  daninformasi: 'dan informasi',
  daninstrumentasi: 'dan instrumentasi',
  dankarakteristik: 'dan karakteristik',
  dankebudayaan: 'dan kebudayaan',
  dankesehatan: 'dan kesehatan',
  dankesetimbangan: 'dan kesetimbangan',
  dankewirausahaan: 'dan kewirausahaan',
  danmengevaluasipenyelidikan: 'dan mengevaluasi penyelidikan',
  danoperasionalpengadaan: 'dan operasional pengadaan',
  danperawatan: 'dan perawatan',
  danperbaikan: 'dan perbaikan',
  danperkembangan: 'dan perkembangan',
  danperlengkapan: 'dan perlengkapan',
  danperumahan: 'dan perumahan',
  danrekayasa: 'dan rekayasa',
  danreport: 'dan report',
  dantechnopreneur: 'dan technopreneur',
  dantechnopreneurship: 'dan technopreneurship',
  danteknik: 'dan teknik',
  dasarkelistrikan: 'dasar kelistrikan',
  dasarpekerjaan: 'dasar pekerjaan',
  dasarpekerjaanperawatangedung: 'dasar pekerjaan perawatan gedung',
  dasarpemeliharaan: 'dasar pemeliharaan',
  dasarproses: 'dasar proses',
  denganperalatan: 'dengan peralatan',
  desainpemodelan: 'desain pemodelan',
  duniaindustri: 'dunia industri',
  duniakerja: 'dunia kerja',
  elektronikaotomotif: 'elektronika otomotif',
  enginediesel: 'engine diesel',
  enginegasoline: 'engine gasoline',
  globalpada: 'global pada',
  globalterkait: 'global terkait',
  gudangdan: 'gudang dan',
  hasilkaryanya: 'hasil karyanya',
  hidrolikdan: 'hidrolik dan',
  industrifurnitur: 'industri furnitur',
  industrikuliner: 'industri kuliner',
  industrimanufaktur: 'industri manufaktur',
  industrimanufakturdan: 'industri manufaktur dan',
  industriperhotelan: 'industri perhotelan',
  informasibangunan: 'informasi bangunan',
  informationmodelling: 'information modelling',
  isuglobal: 'isu global',
  jobprofil: 'job profil',
  kayuuntuk: 'kayu untuk',
  kegiatanadministratifdokumen: 'kegiatan administratif dokumen',
  kerjaindustri: 'kerja industri',
  kerjalingkungan: 'kerja lingkungan',
  kerjaserta: 'kerja serta',
  kesehatankerja: 'kesehatan kerja',
  keselamatandan: 'keselamatan dan',
  keselamatankerja: 'keselamatan kerja',
  komponenelektronika: 'komponen elektronika',
  konsentrasilarutan: 'konsentrasi larutan',
  konstruksibangunan: 'konstruksi bangunan',
  konstruksidan: 'konstruksi dan',
  kreatifinovatif: 'kreatif inovatif',
  layoutbermacam: 'layout bermacam',
  lingkunganhidup: 'lingkungan hidup',
  listrikpemakaian: 'listrik pemakaian',
  mampumemahami: 'mampu memahami',
  manufakturdan: 'manufaktur dan',
  materialdan: 'material dan',
  materialscience: 'material science',
  memahamicara: 'memahami cara',
  mostprobable: 'most probable',
  padaberbagai: 'pada berbagai',
  padabidang: 'pada bidang',
  padaindustri: 'pada industri',
  padapekerjaan: 'pada pekerjaan',
  pekerjaankonstruksi: 'pekerjaan konstruksi',
  pekerjaanperawatangedung: 'pekerjaan perawatan gedung',
  pelapisankayu: 'pelapisan kayu',
  pelatbaja: 'pelat baja',
  pelatdan: 'pelat dan',
  pelayananpelanggan: 'pelayanan pelanggan',
  peluangusaha: 'peluang usaha',
  pembuatansambungan: 'pembuatan sambungan',
  pemeliharaankomponen: 'pemeliharaan komponen',
  pemodelandan: 'pemodelan dan',
  pencegahansaat: 'pencegahan saat',
  penerapanlayanan: 'penerapan layanan',
  pengelasanotomatis: 'pengelasan otomatis',
  pengelolaanlogistik: 'pengelolaan logistik',
  pengetahuanbahan: 'pengetahuan bahan',
  penggunaanperkakas: 'penggunaan perkakas',
  pengumpulandata: 'pengumpulan data',
  perawatanbangunan: 'perawatan bangunan',
  perawatanfuels: 'perawatan fuels',
  perawatangedung: 'perawatan gedung',
  perawatanperalatan: 'perawatan peralatan',
  perbaikanlingkungan: 'perbaikan lingkungan',
  perkembangandunia: 'perkembangan dunia',
  perkembanganpenerapan: 'perkembangan penerapan',
  perkembanganteknik: 'perkembangan teknik',
  perkembanganteknologi: 'perkembangan teknologi',
  pesawatudara: 'pesawat udara',
  praktikteknik: 'praktik teknik',
  prediksisederhana: 'prediksi sederhana',
  produksifurnitur: 'produksi furnitur',
  produksiindustrimanufakturdan: 'produksi industri manufaktur dan',
  produksipada: 'produksi pada',
  prosesbidang: 'proses bidang',
  prosesbisnis: 'proses bisnis',
  proyeksiorthogonal: 'proyeksi orthogonal',
  rekayasaelektronika: 'rekayasa elektronika',
  secarailmiah: 'secara ilmiah',
  secaramenyeluruh: 'secara menyeluruh',
  secaramenyeluruhbidangmanufakturdan: 'secara menyeluruh bidang manufaktur dan',
  sertaisu: 'serta isu',
  sertalingkungan: 'serta lingkungan',
  sistemfouling: 'sistem fouling',
  sistemhidrolik: 'sistem hidrolik',
  sistemmekanik: 'sistem mekanik',
  smawdasar: 'smaw dasar',
  spesifikdan: 'spesifik dan',
  statikabangunan: 'statika bangunan',
  systemdanelectric: 'system dan electric',
  tangandan: 'tangan dan',
  tataudara: 'tata udara',
  teknikelektronika: 'teknik elektronika',
  teknikindustri: 'teknik industri',
  teknikkonstruksi: 'teknik konstruksi',
  tekniklogistik: 'teknik logistik',
  teknologidan: 'teknologi dan',
  teknologipengelasan: 'teknologi pengelasan',
  tempatkerja: 'tempat kerja',
  terhadapperforma: 'terhadap performa',
  terkaitdengan: 'terkait dengan',
  terkaitdunia: 'terkait dunia',
  theoryof: 'theory of',
  theyuse: 'they use',
  usahadi: 'usaha di',
  usahapada: 'usaha pada',
};

/**
 * Doubled words of the published capaian pembelajaran texts that lost their hyphen ("alatalat"),
 * written with it again.
 */
export const KATA_ULANG: Readonly<Record<string, string>> = {
  alatalat: 'alat-alat',
  bahanbahan: 'bahan-bahan',
  berhatihati: 'berhati-hati',
  bolakbalik: 'bolak-balik',
  bulibuli: 'buli-buli',
  dasardasar: 'dasar-dasar',
  fungsifungsi: 'fungsi-fungsi',
  komponenkomponen: 'komponen-komponen',
  nilainilai: 'nilai-nilai',
  obatobatan: 'obat-obatan',
  praktikpraktik: 'praktik-praktik',
  prinsipprinsip: 'prinsip-prinsip',
  prosesproses: 'proses-proses',
  seharihari: 'sehari-hari',
  unsurunsur: 'unsur-unsur',
};

const GLUED = new Map(Object.entries({ ...KATA_TERGABUNG, ...KATA_TERGABUNG_CP, ...KATA_ULANG }));
/**
 * Candidate words: runs of ASCII letters as long as the shortest listed word, whole (no letter on
 * either side, "maḥmūdah"'s included). One pass with a map lookup is several times faster than an
 * alternation of the words over a class's thousands of texts.
 */
const MIN_GLUED = Math.min(...[...GLUED.keys()].map((w) => w.length));
const CANDIDATE = new RegExp(`(?<!\\p{L})[A-Za-z]{${MIN_GLUED},}(?!\\p{L})`, 'gu');

/**
 * A listed word as printed: its own letters, in their own case, with the list's spaces and hyphens
 * put between them ("LingkunganHidup" → "Lingkungan Hidup", "Alatalat" → "Alat-alat").
 */
function pisah(word: string): string {
  const lower = word.toLowerCase();
  const split = GLUED.get(lower);
  if (split === undefined) return word;
  if (lower === word) return split;
  let out = '';
  let i = 0;
  for (const c of split) out += c === ' ' || c === '-' ? c : word[i++];
  return out;
}

/**
 * A full stop between a word and the next sentence's first word with no space ("pembuktiannya.Peserta"):
 * the word before ends in two small letters and starts the token (not "S.Kom", "M.Pd.", "3.5", nor the
 * middle of "www.kemdikbud.go.id"); the word after is capitalised and ends there (not "x.Go.id").
 */
const TITIK = /(?<=(?:^|[\s(["'“‘,;])\p{L}*\p{Ll}{2})\.(?=\p{Lu}\p{Ll}*(?:$|[\s)\]"'”’,;:!?]|\.(?:\s|$)))/gu;

/** A comma between two letters ("bersama,memberikan"): the space after it was lost the same way. */
const COMMA = /(\p{L}),(?=\p{L})/gu;

/** A doubled word broken after its hyphen ("tindakan- tindakan"), as a PDF line end leaves it. */
const REDUPLIKASI = /(?<![\p{L}])(\p{L}+)- \1(?![\p{L}])/gu;

/** Any white space, Unicode's included (\s covers NBSP, U+2000–U+200A, U+3000, BOM), and zero-width space. */
const SPACES = /[\s\u200b]+/g;

/**
 * A text as it is printed: every run of white space one space, none before a comma, a space after a
 * comma between two letters and after a full stop glued to the next sentence, a doubled word whole
 * ("tindakan-tindakan"), the known glued national words split ("alatalat" → "alat-alat"). Not
 * trimmed — a text in pieces ("Kelas: " + a bold value) keeps the space between them; stored texts
 * are trimmed by `rapikanTeksTersimpan`.
 */
export function rapikanTeks(text: string): string {
  let out = text.replace(SPACES, ' ');
  // The rarer repairs only where their mark is (a class file holds thousands of texts).
  if (out.includes(',')) {
    // "Kec. Onanrunggu , Kab. Samosir": a published name's trailing space, joined into a list.
    out = out.replaceAll(' ,', ',').replace(COMMA, '$1, ');
  }
  if (out.includes('- ')) out = out.replace(REDUPLIKASI, '$1-$1');
  if (out.includes('.')) out = out.replace(TITIK, '. ');
  return out.replace(CANDIDATE, pisah);
}

/** A stored text (a national row, an import): `rapikanTeks`, trimmed. */
export function rapikanTeksTersimpan(text: string): string {
  return rapikanTeks(text).trim();
}
