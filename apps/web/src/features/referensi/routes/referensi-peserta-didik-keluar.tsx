import { PdScreen } from '../components/peserta-didik/pd-screen';

/** Peserta Didik Keluar (/referensi/peserta-didik-keluar; reference-screens §6.3). */
export default function Screen() {
  return <PdScreen status="keluar" />;
}
