import { ScreenPlaceholder } from '../../../components/screen-placeholder';

/** Ambil Data Dapodik (/sinkronisasi/dapodik) — not built yet: header, breadcrumb and add button come from the layout. */
export default function Screen() {
  return <ScreenPlaceholder />;
}
