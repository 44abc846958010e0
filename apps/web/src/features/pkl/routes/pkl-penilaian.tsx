import { PenilaianScreen } from '../components/penilaian-screen';

/** Input Penilaian PKL (/pkl/penilaian; issue #12 item 3): scores per TP and Catatan PKL of a placement. */
export default function Screen() {
  return <PenilaianScreen />;
}
