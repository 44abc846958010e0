import { BobotScreen } from '../components/bobot-screen';

/** Bobot Penilaian (/referensi/bobot-penilaian): reference-screens §6.10. */
export default function Screen() {
  return <BobotScreen />;
}
