import { ScreenPlaceholder } from '../../../components/screen-placeholder';

/** Ketidakhadiran (/wali-kelas/ketidakhadiran) — not built yet: header, breadcrumb and add button come from the layout. */
export default function Screen() {
  return <ScreenPlaceholder />;
}
