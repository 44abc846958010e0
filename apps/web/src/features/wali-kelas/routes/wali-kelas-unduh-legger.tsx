import { LegerScreen } from '../../cetak/components/leger-screen';

/**
 * Unduh Leger (/wali-kelas/unduh-legger; reference-screens §13.2): the wali's class and, for a
 * pilihan wali, their elective class; the header's "Unduh Legger" downloads the xlsx.
 */
export default function Screen() {
  return <LegerScreen mode="wali" />;
}
