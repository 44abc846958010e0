import { CatatanScreen } from '../components/catatan-screen';

/** Kokurikuler (/wali-kelas/kokurikuler; issue #11 item 2, from 2025/2026), for the wali kelas. */
export default function Screen() {
  return <CatatanScreen jenis="kokurikuler" />;
}
