import { ScreenPlaceholder } from '../../../components/screen-placeholder';

/** Perencanaan Penilaian PKL (/pkl/perencanaan) — not built yet: header, breadcrumb and add button come from the layout. */
export default function Screen() {
  return <ScreenPlaceholder />;
}
