import { use } from 'react';
import { loadAreaMessages } from '../../../lib/i18n';
import { KirimDataScreen } from '../components/kirim-data-screen';

/** The strings of the push screens live in their own file set (features/sinkronisasi-kirim/locales). */
const messages = loadAreaMessages('sinkronisasi-kirim');

/** Kirim Data e-Rapor (/sinkronisasi/erapor; reference-screens §4.3, reference-dapodik §4.1). */
export default function Screen() {
  use(messages);
  return <KirimDataScreen />;
}
