import { SikapList } from '../components/sikap/sikap-list';

/** Penilaian Sikap (/penilaian/sikap; reference-screens §7.5). "Tambah Data" comes from the route table. */
export default function Screen() {
  return <SikapList />;
}
