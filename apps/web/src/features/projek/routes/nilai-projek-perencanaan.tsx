import { ScreenPlaceholder } from '../../../components/screen-placeholder';

/** Rencana Penilaian P5 (/nilai-projek/perencanaan) — not built yet: header, breadcrumb and add button come from the layout. */
export default function Screen() {
  return <ScreenPlaceholder />;
}
