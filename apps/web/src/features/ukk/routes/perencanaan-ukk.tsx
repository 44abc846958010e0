import { RencanaScreen } from '../components/rencana-screen';

/** Rencana Penilaian UKK (/nilai-ukk/perencanaan; issue #13 item 6), for the Kaprog. */
export default function Screen() {
  return <RencanaScreen />;
}
