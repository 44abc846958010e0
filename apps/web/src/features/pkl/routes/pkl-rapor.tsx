import { CetakPklScreen } from '../components/cetak-screen';

/** Cetak Rapor PKL (/pkl/cetak-rapor; issue #12 item 7): the PKL reports, one or a plan at once. */
export default function Screen() {
  return <CetakPklScreen />;
}
