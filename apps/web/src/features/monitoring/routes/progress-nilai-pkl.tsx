import { PklScreen } from '../components/pkl-screen';

/** Nilai PKL (/progress/nilai-pkl; reference-screens §12; issue #14 item 7). */
export default function Screen() {
  return <PklScreen />;
}
