import { EkskulWaliScreen } from '../components/ekskul-screen';

/** Nilai Ekstrakurikuler (/wali-kelas/nilai-ekstrakurikuler; issue #11 item 4), read-only. */
export default function Screen() {
  return <EkskulWaliScreen />;
}
