import { PklWaliScreen } from '../components/pkl-screen';

/** Praktik Kerja Lapangan (/wali-kelas/praktik-kerja-lapangan; issue #11 item 6), read-only. */
export default function Screen() {
  return <PklWaliScreen />;
}
