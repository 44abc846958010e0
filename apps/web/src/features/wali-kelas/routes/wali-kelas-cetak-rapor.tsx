import { RaporScreen } from '../../cetak/components/rapor-screen';

/**
 * Cetak Rapor Semester (/wali-kelas/cetak-rapor; reference-screens §12): the wali's class, each
 * pupil's Halaman Depan, Rapor Akademik and Dokumen Pendukung, and what their card still lacks.
 */
export default function Screen() {
  return <RaporScreen mode="wali" />;
}
