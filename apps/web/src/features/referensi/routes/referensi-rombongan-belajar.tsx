import { RombelScreen } from '../components/rombel/rombel-screen';

/** Rombongan Belajar Reguler (/referensi/rombongan-belajar; reference-screens §6.2). */
export default function Screen() {
  return <RombelScreen jenis={1} />;
}
