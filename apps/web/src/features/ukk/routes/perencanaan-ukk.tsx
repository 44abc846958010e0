import { ScreenPlaceholder } from '../../../components/screen-placeholder';

/** Rencana Penilaian UKK (/nilai-ukk/perencanaan) — not built yet: header, breadcrumb and add button come from the layout. */
export default function Screen() {
  return <ScreenPlaceholder />;
}
