/**
 * The pupil's portal: a pupil's Beranda (/), named for that route in app/screen-aliases.ts, so the
 * beranda feature does not import it.
 */
export { default } from '../components/portal';
