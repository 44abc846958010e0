import { IMAGE_MAX_SIDE, SPREADSHEET_MESSAGES } from './spreadsheet';

/*
 * The three answers to a refused image (decision 049), the same on every upload — school logo,
 * certificate background, profile photo, pupil photo — and shared by the server and the web.
 */
export const IMAGE_MESSAGES = {
  notImage: 'Berkas bukan gambar JPG atau PNG.',
  broken:
    'Gambar rusak: isinya tidak dapat dibaca atau tidak sesuai dengan ukurannya. Simpan ulang gambar sebagai JPG atau PNG, lalu unggah lagi.',
  tooLarge: (w: number, h: number, max: number = IMAGE_MAX_SIDE) =>
    SPREADSHEET_MESSAGES.imageTooLarge(w, h, max),
} as const;

/** A note on the administrator's Beranda: a stored image from an earlier version that did not decode. */
export const GAMBAR_DIBUANG_LABEL = {
  logo: 'Logo sekolah',
  latar: 'Latar sertifikat UKK',
  foto: 'Foto profil',
} as const;
export type JenisGambarTersimpan = keyof typeof GAMBAR_DIBUANG_LABEL;
