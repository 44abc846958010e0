import { DudiScreen } from '../components/dudi/dudi-screen';

/** Referensi DUDI (/referensi/dudi): reference-screens §6.6. */
export default function Screen() {
  return <DudiScreen />;
}
