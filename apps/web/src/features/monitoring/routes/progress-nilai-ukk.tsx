import { ScreenPlaceholder } from '../../../components/screen-placeholder';

/** Nilai UKK (/progress/nilai-ukk) — not built yet: header, breadcrumb and add button come from the layout. */
export default function Screen() {
  return <ScreenPlaceholder />;
}
