import { KdScreen } from '../components/kd-screen';

/** Data Kompetensi Dasar (/referensi/kompetensi-dasar): reference-screens §6.7. */
export default function Screen() {
  return <KdScreen />;
}
