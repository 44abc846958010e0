import { KenaikanScreen } from '../components/kenaikan-screen';

/** Kenaikan Kelas (/wali-kelas/kenaikan-kelas; issue #11 item 5), for the wali kelas in Genap. */
export default function Screen() {
  return <KenaikanScreen />;
}
