import { EkskulScreen } from '../components/ekskul-screen';

/** Nilai Eksktrakurikuler (/progress/nilai-ekskul; reference-screens §12; issue #14 item 5). */
export default function Screen() {
  return <EkskulScreen />;
}
