import { PaketScreen } from '../components/paket-screen';

/** Uji Kompetensi Keahlian (/referensi/uji-kompetensi-keahlian; issue #13 item 5), for the Kaprog. */
export default function Screen() {
  return <PaketScreen />;
}
