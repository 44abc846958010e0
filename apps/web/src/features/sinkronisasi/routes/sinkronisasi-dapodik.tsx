import { DapodikScreen } from '../components/dapodik-screen';

/** Ambil Data Dapodik (/sinkronisasi/dapodik; reference-screens §4.1, reference-dapodik §7). */
export default function Screen() {
  return <DapodikScreen />;
}
