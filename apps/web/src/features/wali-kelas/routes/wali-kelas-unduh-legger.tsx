import { ScreenPlaceholder } from '../../../components/screen-placeholder';

/** Unduh Leger (/wali-kelas/unduh-legger) — not built yet: header, breadcrumb and add button come from the layout. */
export default function Screen() {
  return <ScreenPlaceholder />;
}
