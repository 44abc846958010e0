import { ScreenPlaceholder } from '../../../components/screen-placeholder';

/** Kehadiran (/pkl/kehadiran) — not built yet: header, breadcrumb and add button come from the layout. */
export default function Screen() {
  return <ScreenPlaceholder />;
}
