import { useRouteDef } from '../../../lib/route-meta';
import { LegerScreen } from '../components/leger-screen';
import { cetakMode } from '../components/mode';

/**
 * Unduh Leger (reference-screens §12, §13.2), shown by two routes (app/screen-aliases.ts):
 * /wali-kelas/unduh-legger, the wali's class and, for a pilihan wali, their elective class (the
 * header's "Unduh Legger" downloads the xlsx); /progress/unduh-legger, where the Waka (and the
 * admin) choose Tingkat → Rombongan Belajar of the login's semester and download its ledger.
 */
export default function Screen() {
  return <LegerScreen mode={cetakMode(useRouteDef())} />;
}
