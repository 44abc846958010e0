import { ScreenPlaceholder } from '../../../components/screen-placeholder';

/** Nilai Projek (/progress/nilai-projek) — not built yet: header, breadcrumb and add button come from the layout. */
export default function Screen() {
  return <ScreenPlaceholder />;
}
