import { PerencanaanScreen } from '../components/perencanaan-screen';

/** Rencana Penilaian P5 (/nilai-projek/perencanaan; issue #13 item 1), for the Koord P5. */
export default function Screen() {
  return <PerencanaanScreen />;
}
