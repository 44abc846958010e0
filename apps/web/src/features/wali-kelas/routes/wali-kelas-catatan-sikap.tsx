import { ScreenPlaceholder } from '../../../components/screen-placeholder';

/** Catatan Sikap (/wali-kelas/catatan-sikap) — not built yet: header, breadcrumb and add button come from the layout. */
export default function Screen() {
  return <ScreenPlaceholder />;
}
