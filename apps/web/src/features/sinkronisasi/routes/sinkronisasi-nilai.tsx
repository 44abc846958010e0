import { use } from 'react';
import { loadAreaMessages } from '../../../lib/i18n';
import { KirimNilaiScreen } from '../components/kirim-nilai-screen';

/** The strings of the push screens live in their own file set (features/sinkronisasi-kirim/locales). */
const messages = loadAreaMessages('sinkronisasi-kirim');

/** Kirim Nilai ke Dapodik (/sinkronisasi/kirim-nilai-dapodik; reference-screens §4.2, reference-dapodik §7.6). */
export default function Screen() {
  use(messages);
  return <KirimNilaiScreen />;
}
