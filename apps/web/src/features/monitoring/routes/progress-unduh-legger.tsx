import { LegerScreen } from '../../cetak/components/leger-screen';

/**
 * Unduh Leger (/progress/unduh-legger; reference-screens §12, §13.2): the Waka (and the admin)
 * choose Tingkat → Rombongan Belajar of the login's semester and download its ledger.
 */
export default function Screen() {
  return <LegerScreen mode="waka" />;
}
