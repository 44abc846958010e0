import { ScreenPlaceholder } from '../../../components/screen-placeholder';

/** Proses Penilaian UKK (/nilai-ukk/penilaian) — not built yet: header, breadcrumb and add button come from the layout. */
export default function Screen() {
  return <ScreenPlaceholder />;
}
