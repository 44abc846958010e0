/** The app's standard confirm and overlay layers (components/), as this feature's screens import them. */
export { ConfirmDialog, type ConfirmState } from '../../../components/confirm-dialog';
export { DROPDOWN, Z } from '../../../components/z-index';

/** Shortens a long description for a table cell or a select label (the full text stays in a tooltip). */
export function shorten(text: string, max = 120): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
