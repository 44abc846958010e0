import { z } from 'zod';

/** The one error shape of every API failure. `message` is Indonesian and fit to show. */
export const apiErrorSchema = z.object({
  statusCode: z.number().int(),
  code: z.string(),
  message: z.string(),
  /** Field-level messages, keyed by the field name (dot path for nested fields). */
  details: z.record(z.string(), z.string()).optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

export const ERROR_CODES = {
  VALIDATION: 'VALIDATION_ERROR',
  BAD_JSON: 'BAD_JSON',
  BODY_TOO_LARGE: 'BODY_TOO_LARGE',
  UNAUTHENTICATED: 'UNAUTHENTICATED',
  INVALID_CREDENTIALS: 'INVALID_CREDENTIALS',
  TOKEN_EXPIRED: 'TOKEN_EXPIRED',
  TOKEN_REUSED: 'TOKEN_REUSED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  RATE_LIMITED: 'RATE_LIMITED',
  INTERNAL: 'INTERNAL_ERROR',
  /** Added by the server foundation: a request the server cannot take in its form. */
  BAD_REQUEST: 'BAD_REQUEST',
  UNSUPPORTED_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  /**
   * 403 from every route but the password change, the profile read and logout while the account
   * still has its generated or reset one-time password (decision 054); the web app answers it
   * with the forced change-password screen.
   */
  PASSWORD_CHANGE_REQUIRED: 'PASSWORD_CHANGE_REQUIRED',
} as const;
export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];

/** Indonesian messages shared by server and web. */
export const MESSAGES = {
  validation: 'Data yang dikirim tidak valid. Periksa kembali isian yang ditandai.',
  badJson: 'Format data yang dikirim tidak dapat dibaca (JSON tidak valid).',
  /** A text holding U+0000, which PostgreSQL cannot store: refused on the field (issue #25). */
  nulCharacter: 'Isian memuat karakter NUL (kode 0) yang tidak dapat disimpan. Hapus karakter tersebut.',
  bodyTooLarge: 'Data yang dikirim terlalu besar.',
  unauthenticated: 'Sesi Anda telah berakhir. Silahkan login kembali.',
  forbidden: 'Anda tidak memiliki hak akses untuk tindakan ini.',
  notFound: 'Data atau alamat yang diminta tidak ditemukan.',
  internal: 'Terjadi kesalahan pada server. Silahkan coba beberapa saat lagi atau hubungi administrator.',
  rateLimited: (seconds: number) =>
    `Terlalu banyak percobaan login. Silahkan coba lagi dalam ${seconds} detik.`,
  emailRequired: 'Email tidak boleh kosong',
  /** One answer for an unknown account and a wrong password (decision 054). */
  invalidCredentials: 'Email atau password salah',
  passwordRequired: 'Password tidak boleh kosong',
  passwordChangeRequired:
    'Password Anda masih password sementara dari administrator. Silahkan ganti password terlebih dahulu.',
  semesterRequired: 'Tahun Pelajaran tidak boleh kosong',
  semesterUnknown: 'Tahun Pelajaran tidak ditemukan',
  refreshInvalid: 'Sesi login tidak valid atau sudah berakhir. Silahkan login kembali.',
  refreshReused:
    'Sesi login ini telah digunakan di tempat lain dan diakhiri demi keamanan. Silahkan login kembali.',
  npsnRequired: 'NPSN tidak boleh kosong',
  npsnInvalid: 'NPSN harus 8 digit angka',
  emailInvalid: 'Email tidak valid',
  emailTaken: 'Email telah terdaftar',
  passwordMin: 'Password minimal 8 karakter',
  registerClosed: 'Registrasi tidak diizinkan. Sekolah sudah terdaftar pada aplikasi ini.',
  registerOk: 'Register berhasil',
  // Added by the server foundation (auth, profile, password reset).
  badRequest: 'Permintaan tidak dapat diproses. Periksa kembali data yang dikirim.',
  unsupportedMediaType: 'Jenis data yang dikirim tidak didukung.',
  npsnTaken: 'NPSN telah terdaftar',
  logoutOk: 'Logout berhasil',
  profileUpdated: 'Profil Pengguna berhasil diperbaharui',
  profileEmailTaken: 'Email sudah terdaftar di Database!',
  photoRequired: 'Foto tidak boleh kosong',
  photoType: 'Foto harus berekstensi jpg/jpeg/png',
  photoSize: 'Ukuran foto tidak boleh lebih dari 1 MB!',
  photoUpdated: 'Foto Profil berhasil diperbaharui',
  currentPasswordWrong: 'Kata sandi lama salah',
  passwordUpdated: 'Password Pengguna berhasil diperbaharui',
  forgotPasswordNoMail:
    'Pengiriman email belum diatur pada aplikasi ini. Silahkan hubungi administrator sekolah untuk mengatur ulang password Anda.',
  forgotPasswordSent:
    'Jika email tersebut terdaftar, kami telah mengirimkan tautan reset password melalui email. Tautan berlaku 1 jam.',
  resetTokenInvalid: 'Tautan reset password tidak valid atau sudah kedaluwarsa. Silahkan minta tautan baru.',
  resetPasswordOk: 'Password berhasil diperbaharui. Silahkan login dengan password baru.',
  passwordConfirmationRequired: 'Konfirmasi password tidak boleh kosong',
  passwordConfirmationMismatch: 'Kombinasi password dan konfirmasi tidak sesuai',
} as const;
