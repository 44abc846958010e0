import { ScreenPlaceholder } from '../../../components/screen-placeholder';

/** Nilai Ekstrakurikuler (/wali-kelas/nilai-ekstrakurikuler) — not built yet: header, breadcrumb and add button come from the layout. */
export default function Screen() {
  return <ScreenPlaceholder />;
}
