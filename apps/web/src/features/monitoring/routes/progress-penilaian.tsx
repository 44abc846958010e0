import { use } from 'react';
import { loadAreaMessages } from '../../../lib/i18n';
import { PenilaianScreen } from '../components/penilaian-screen';

/** The Detil modal is the Beranda's: its strings live in the beranda area. */
const messages = loadAreaMessages('beranda');

/** Nilai Akademik (/progress/penilaian; reference-screens §12; issue #14 item 3). */
export default function Screen() {
  use(messages);
  return <PenilaianScreen />;
}
