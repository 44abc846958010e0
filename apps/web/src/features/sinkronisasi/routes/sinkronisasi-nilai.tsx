import { ScreenPlaceholder } from '../../../components/screen-placeholder';

/** Kirim Nilai ke Dapodik (/sinkronisasi/kirim-nilai-dapodik) — not built yet: header, breadcrumb and add button come from the layout. */
export default function Screen() {
  return <ScreenPlaceholder />;
}
