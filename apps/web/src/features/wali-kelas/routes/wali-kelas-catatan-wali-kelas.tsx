import { CatatanScreen } from '../components/catatan-screen';

/** Catatan Wali Kelas (/wali-kelas/catatan-wali-kelas; issue #11 item 2), for the wali kelas. */
export default function Screen() {
  return <CatatanScreen jenis="catatan_walas" />;
}
