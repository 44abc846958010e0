import { GtkScreen } from '../components/gtk/gtk-table';

/** Referensi Instruktur (/referensi/instruktur): reference-screens §6.1. */
export default function Screen() {
  return <GtkScreen kind="instruktur" />;
}
