import { ScreenPlaceholder } from '../../../components/screen-placeholder';

/** Cek Pembaharuan (/check-update) — not built yet: header, breadcrumb and add button come from the layout. */
export default function Screen() {
  return <ScreenPlaceholder />;
}
