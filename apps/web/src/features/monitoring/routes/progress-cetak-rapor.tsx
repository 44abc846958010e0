import { RaporScreen } from '../../cetak/components/rapor-screen';

/**
 * Cetak Rapor Semester (/progress/cetak-rapor; reference-screens §12): the Waka (and the admin)
 * choose Tingkat → Rombongan Belajar of the login's semester and print its pupils' documents.
 */
export default function Screen() {
  return <RaporScreen mode="waka" />;
}
