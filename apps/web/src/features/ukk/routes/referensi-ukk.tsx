import { ScreenPlaceholder } from '../../../components/screen-placeholder';

/** Uji Kompetensi Keahlian (/referensi/uji-kompetensi-keahlian) — not built yet: header, breadcrumb and add button come from the layout. */
export default function Screen() {
  return <ScreenPlaceholder />;
}
