import { EkskulScreen } from '../components/ekskul/ekskul-screen';

/** Referensi Ekstrakurikuler (/referensi/ekstrakurikuler; reference-screens §6.5). */
export default function Screen() {
  return <EkskulScreen />;
}
