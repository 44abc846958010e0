import { ScreenPlaceholder } from '../../../components/screen-placeholder';

/** Nilai PKL (/progress/nilai-pkl) — not built yet: header, breadcrumb and add button come from the layout. */
export default function Screen() {
  return <ScreenPlaceholder />;
}
