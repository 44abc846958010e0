import { NilaiScreen } from '../components/nilai-screen';

/** Proses Penilaian UKK (/nilai-ukk/penilaian; issue #13 item 7), for the internal examiner. */
export default function Screen() {
  return <NilaiScreen />;
}
