import { ScreenPlaceholder } from '../../../components/screen-placeholder';

/** Kenaikan Kelas (/wali-kelas/kenaikan-kelas) — not built yet: header, breadcrumb and add button come from the layout. */
export default function Screen() {
  return <ScreenPlaceholder />;
}
