import { ScreenPlaceholder } from '../../../components/screen-placeholder';

/** Cetak Rapor (/pkl/cetak-rapor) — not built yet: header, breadcrumb and add button come from the layout. */
export default function Screen() {
  return <ScreenPlaceholder />;
}
