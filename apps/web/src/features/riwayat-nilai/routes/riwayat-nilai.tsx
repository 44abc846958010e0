import { RiwayatScreen } from '../components/riwayat-screen';

/** Riwayat Perubahan Nilai (/riwayat-nilai; issue #16 item 5). */
export default function Screen() {
  return <RiwayatScreen />;
}
