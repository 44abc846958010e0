import { GtkScreen } from '../components/gtk/gtk-table';

/** Referensi Asesor (/referensi/asesor): reference-screens §6.1. */
export default function Screen() {
  return <GtkScreen kind="asesor" />;
}
