import { ScreenPlaceholder } from '../../../components/screen-placeholder';

/** Nilai Eksktrakurikuler (/progress/nilai-ekskul) — not built yet: header, breadcrumb and add button come from the layout. */
export default function Screen() {
  return <ScreenPlaceholder />;
}
