import { use } from 'react';
import { loadAreaMessages } from '../../../lib/i18n';
import { UkkScreen } from '../components/ukk-screen';

/** The Detil modal is the Kaprog's "Detil Rencana Penilaian UKK": its strings live in the ukk area. */
const messages = loadAreaMessages('ukk');

/** Nilai UKK (/progress/nilai-ukk; reference-screens §12; issue #14 item 6). */
export default function Screen() {
  use(messages);
  return <UkkScreen />;
}
