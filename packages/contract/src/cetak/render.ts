/**
 * Answers of a print that could not be made (issue #24 item 2; decision 050). Every PDF is
 * rendered in the render worker; these are what a request gets when that worker refuses a stored
 * image or fails, while the server keeps serving.
 */
export const RENDER_ERROR_CODES = {
  /** 422: a stored image (school logo, certificate background) cannot be embedded. */
  IMAGE_UNUSABLE: 'GAMBAR_TIDAK_TERBACA',
  /** 503: the render worker failed, died or took too long; a new one serves the next request. */
  RENDER_FAILED: 'CETAK_GAGAL',
} as const;

export const RENDER_MESSAGES = {
  logo: 'Logo sekolah yang tersimpan rusak sehingga dokumen ini tidak dapat dicetak. Unggah ulang logo sekolah di Pengaturan Umum, lalu cetak lagi.',
  latar:
    'Gambar latar sertifikat yang tersimpan rusak sehingga sertifikat tidak dapat dicetak. Unggah ulang gambar latar di Template Sertifikat, lalu cetak lagi.',
  failed:
    'Dokumen gagal dibuat karena proses pencetakan terhenti. Silakan coba lagi; bila terulang, hubungi administrator.',
} as const;
