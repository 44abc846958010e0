import type { RaporPkl } from './data';

/** A one-pupil Rapor PKL for renderer tests; `over` changes the pupil's row. */
export const raporPklFixture = (over: Partial<RaporPkl['siswa'][number]> = {}): RaporPkl => ({
  pklId: 'p',
  sekolah: 'SMK Negeri Uji',
  tahunAjaran: '2026/2027',
  kelas: 'XII TJKT 1',
  programKeahlian: 'Teknik Jaringan Komputer dan Telekomunikasi',
  konsentrasiKeahlian: 'Teknik Komputer dan Jaringan',
  dudi: 'PT Telkom Akses',
  tanggalMulai: '1 Juli 2026',
  tanggalSelesai: '31 Desember 2026',
  instruktur: 'Budi Instruktur',
  nomorInstruktur: 'NIP. -',
  pembimbing: { nama: 'Siti Pembimbing, S.Kom.', nomor: 'NUPTK. 1234567890123456' },
  versi: '1',
  siswa: [
    {
      pesertaDidikId: 's',
      nama: 'Ahmad Fauzi',
      nisn: '0012345678',
      nis: null,
      nilai: [],
      catatan: null,
      sakit: 0,
      izin: 0,
      alpa: 0,
      ...over,
    },
  ],
});
