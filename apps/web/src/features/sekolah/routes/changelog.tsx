import { ScreenPlaceholder } from '../../../components/screen-placeholder';

/** Daftar Perubahan (/changelog) — not built yet: header, breadcrumb and add button come from the layout. */
export default function Screen() {
  return <ScreenPlaceholder />;
}
