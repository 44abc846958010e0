import { CatatanSikapScreen } from '../components/catatan-sikap-screen';

/** Catatan Sikap (/wali-kelas/catatan-sikap; issue #11 item 2), for the wali kelas. */
export default function Screen() {
  return <CatatanSikapScreen />;
}
