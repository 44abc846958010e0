import { ScreenPlaceholder } from '../../../components/screen-placeholder';

/** Input Penilaian PKL (/pkl/penilaian) — not built yet: header, breadcrumb and add button come from the layout. */
export default function Screen() {
  return <ScreenPlaceholder />;
}
