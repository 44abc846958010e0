import { AbsensiScreen } from '../components/absensi-screen';

/** Ketidakhadiran (/wali-kelas/ketidakhadiran; reference-screens §11), for the wali kelas. */
export default function Screen() {
  return <AbsensiScreen />;
}
