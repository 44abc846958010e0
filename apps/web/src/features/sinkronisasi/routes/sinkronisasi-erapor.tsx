import { ScreenPlaceholder } from '../../../components/screen-placeholder';

/** Kirim Data e-Rapor (/sinkronisasi/erapor) — not built yet: header, breadcrumb and add button come from the layout. */
export default function Screen() {
  return <ScreenPlaceholder />;
}
