import { loadAreaMessages } from '../../lib/i18n';

/**
 * The print pages' strings live in the cetak area, which the wali-kelas and monitoring screens that
 * show these pages do not load. Started when this chunk loads; the screens wait for it with `use()`
 * (as progress-penilaian does for the beranda strings), so a label never shows its raw key.
 */
export const cetakMessages = loadAreaMessages('cetak');
