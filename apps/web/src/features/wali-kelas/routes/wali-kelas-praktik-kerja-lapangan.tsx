import { ScreenPlaceholder } from '../../../components/screen-placeholder';

/** Praktik Kerja Lapangan (/wali-kelas/praktik-kerja-lapangan) — not built yet: header, breadcrumb and add button come from the layout. */
export default function Screen() {
  return <ScreenPlaceholder />;
}
