/**
 * What the server says about an uploaded spreadsheet it will not read, whatever screen it came from
 * (grades, TP, GTK). Each screen keeps its own wording for "wrong template"; these are about the
 * file itself. Limits: docs/decisions/018-bounded-uploads.md.
 */
export const SPREADSHEET_MESSAGES = {
  notXlsx: 'File harus berupa file dengan tipe: xlsx.',
  unreadable:
    'File Excel tidak dapat dibaca. Simpan ulang sebagai .xlsx (Excel Workbook) lalu unggah kembali.',
  tooBig: (isiMb: number, batasMb: number) =>
    `Isi file Excel terlalu besar (${isiMb.toLocaleString('id-ID')} MB setelah dibuka, batas ${batasMb} MB). ` +
    'Unggah hanya template yang diunduh dari e-Rapor, tanpa sheet atau data tambahan.',
  tooManyCells: (sel: number, batas: number) =>
    `File Excel berisi terlalu banyak sel (${sel.toLocaleString('id-ID')}, batas ${batas.toLocaleString('id-ID')}). ` +
    'Unggah hanya template yang diunduh dari e-Rapor, tanpa sheet atau data tambahan.',
  tooManyParts:
    'File Excel berisi terlalu banyak bagian untuk sebuah template. Unggah hanya template yang diunduh dari e-Rapor.',
  encrypted:
    'File Excel dilindungi kata sandi. Buka di Excel, hapus kata sandinya, simpan, lalu unggah kembali.',
  tooHeavy:
    'File Excel terlalu berat untuk dibaca (memori pembaca habis). Unggah hanya template yang diunduh dari e-Rapor, tanpa sheet atau data tambahan.',
  timeout: 'File Excel terlalu lama dibaca dan dihentikan. Unggah hanya template yang diunduh dari e-Rapor.',
  busy: 'Server sedang membaca banyak file Excel lain. Silahkan coba lagi sebentar lagi.',
  formulaError: (sel: string, galat: string) =>
    `Sel ${sel} berisi galat rumus (${galat}). Perbaiki rumusnya atau isi nilainya langsung.`,
  formulaNoResult: (sel: string) =>
    `Sel ${sel} berisi rumus tanpa hasil tersimpan. Buka file di Excel atau LibreOffice, simpan ulang, lalu unggah kembali.`,
  nulChar: (sheet: string, sel: string) =>
    `Sel ${sel} pada sheet "${sheet}" berisi karakter NUL (kode 0) yang tidak dapat disimpan. Hapus karakter itu dari selnya, simpan, lalu unggah kembali.`,
  merged: (range: string) =>
    `Sel ${range} digabung (merge) di atas sel nilai, sehingga isi sel pertamanya terbaca di sel lain. Pisahkan selnya (Unmerge Cells), isi setiap nilai di selnya sendiri, lalu unggah kembali.`,
  // Images (logo, photos)
  imageTooLarge: (w: number, h: number, max: number) =>
    `Ukuran gambar ${w} × ${h} piksel terlalu besar (maksimal ${max.toLocaleString('id-ID')} × ${max.toLocaleString('id-ID')} piksel).`,
} as const;

/** Pixels per side an uploaded image may have; checked from its header before anything decodes it. */
export const IMAGE_MAX_SIDE = 4000;
