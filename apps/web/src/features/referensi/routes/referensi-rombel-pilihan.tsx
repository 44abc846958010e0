import { RombelScreen } from '../components/rombel/rombel-screen';

/** Rombongan Belajar Matpel Pilihan (/referensi/rombel-pilihan; reference-screens §6.2). */
export default function Screen() {
  return <RombelScreen jenis={16} />;
}
