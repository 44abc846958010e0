import { ProjekScreen } from '../components/projek-screen';

/** Nilai Projek (/progress/nilai-projek; reference-screens §12; issue #14 item 4). */
export default function Screen() {
  return <ProjekScreen />;
}
