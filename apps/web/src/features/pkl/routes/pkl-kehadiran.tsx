import { KehadiranScreen } from '../components/kehadiran-screen';

/** Kehadiran PKL (/pkl/kehadiran; issue #12 item 4): Sakit, Izin, Alpa of a placement. */
export default function Screen() {
  return <KehadiranScreen />;
}
