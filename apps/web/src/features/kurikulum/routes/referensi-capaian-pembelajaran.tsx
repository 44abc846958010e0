import { CpScreen } from '../components/cp-screen';

/** Capaian Pembelajaran (/referensi/capaian-pembelajaran): reference-screens §6.8. */
export default function Screen() {
  return <CpScreen />;
}
