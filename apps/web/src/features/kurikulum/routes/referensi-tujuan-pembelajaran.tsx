import { TpScreen } from '../components/tp-screen';

/** Tujuan Pembelajaran (/referensi/tujuan-pembelajaran): reference-screens §6.9. */
export default function Screen() {
  return <TpScreen />;
}
