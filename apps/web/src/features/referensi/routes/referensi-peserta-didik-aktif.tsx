import { PdScreen } from '../components/peserta-didik/pd-screen';

/** Peserta Didik Aktif (/referensi/peserta-didik-aktif; reference-screens §6.3). */
export default function Screen() {
  return <PdScreen status="aktif" />;
}
