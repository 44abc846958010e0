import { GtkScreen } from '../components/gtk/gtk-table';

/** Referensi Guru (/referensi/guru): reference-screens §6.1. */
export default function Screen() {
  return <GtkScreen kind="guru" />;
}
