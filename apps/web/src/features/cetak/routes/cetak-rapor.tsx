import { useRouteDef } from '../../../lib/route-meta';
import { cetakMode } from '../components/mode';
import { RaporScreen } from '../components/rapor-screen';

/**
 * Cetak Rapor Semester (reference-screens §12), shown by two routes (app/screen-aliases.ts):
 * /wali-kelas/cetak-rapor, the wali's class, each pupil's Halaman Depan, Rapor Akademik and
 * Dokumen Pendukung and what their card still lacks; /progress/cetak-rapor, where the Waka (and the
 * admin) choose Tingkat → Rombongan Belajar of the login's semester and print its pupils' documents.
 */
export default function Screen() {
  return <RaporScreen mode={cetakMode(useRouteDef())} />;
}
