import { SikapForm } from '../components/sikap/sikap-form';

/** Tambah / edit Penilaian Sikap (/penilaian/input-nilai-sikap[?id=]; reference-screens §7.6). */
export default function Screen() {
  return <SikapForm />;
}
