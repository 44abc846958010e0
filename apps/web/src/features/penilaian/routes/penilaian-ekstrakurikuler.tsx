import { EkskulScreen } from '../components/ekskul/ekskul-screen';

/** Penilaian Ekstrakurikuler (/penilaian/ekstrakurikuler; reference-screens §7.7), for the pembina. */
export default function Screen() {
  return <EkskulScreen />;
}
