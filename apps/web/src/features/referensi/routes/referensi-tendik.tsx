import { GtkScreen } from '../components/gtk/gtk-table';

/** Referensi Tendik (/referensi/tendik): reference-screens §6.1. */
export default function Screen() {
  return <GtkScreen kind="tendik" />;
}
