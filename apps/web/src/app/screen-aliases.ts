/**
 * Screens that another menu entry shows too (decision 061): instead of one feature importing
 * another's screen, the route table names the screen file it reuses. Plain data, so the scaffold
 * script (scripts/scaffold-screens.ts) and the screen table (./screens.ts) read the same list.
 */

/**
 * Route name → the screen file (`features/<area>/routes/<file>.tsx`) it shows. The print pages are
 * the cetak area's: the wali kelas (their class) and the Waka/admin under Monitoring (any class);
 * the screen tells the two apart by its route (features/cetak/components/mode.ts).
 */
export const SCREEN_ALIASES: Readonly<Record<string, string>> = {
  'wali-kelas-cetak-rapor': 'cetak-rapor',
  'progress-cetak-rapor': 'cetak-rapor',
  'wali-kelas-unduh-legger': 'cetak-unduh-legger',
  'progress-unduh-legger': 'cetak-unduh-legger',
};

/** A route whose screen is another file's for some users. */
export interface RoleScreen {
  /** The screen file shown instead (`features/<area>/routes/<file>.tsx`). */
  readonly screen: string;
  /** Whether a user with these roles gets that file instead of the route's own. */
  readonly when: (roles: readonly string[]) => boolean;
}

/**
 * The pupil's Beranda is the portal (reference-screens §2.7; issue #15); an admin or TU who is
 * also a pupil keeps the admin's Beranda.
 */
export const ROLE_SCREENS: Readonly<Record<string, RoleScreen>> = {
  beranda: {
    screen: 'portal',
    when: (roles) => roles.includes('siswa') && !roles.includes('admin') && !roles.includes('tu'),
  },
};

/** Screen files that are no route of their own: shown only through an alias or a role. */
export const REUSED_SCREENS: ReadonlySet<string> = new Set([
  ...Object.values(SCREEN_ALIASES),
  ...Object.values(ROLE_SCREENS).map((r) => r.screen),
]);
