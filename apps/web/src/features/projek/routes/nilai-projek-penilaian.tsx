import { PenilaianScreen } from '../components/penilaian-screen';

/** Proses Penilaian P5 (/nilai-projek/penilaian; issue #13 item 2), for the Koord P5. */
export default function Screen() {
  return <PenilaianScreen />;
}
