/**
 * Role catalogue (reference-domain §2.1). Roles are granted per semester.
 * Role names are stored in the database and sent to the browser in `userData.roles`.
 */
export const ROLE_NAMES = [
  'admin',
  'tu',
  'guru',
  'user',
  'siswa',
  'wali',
  'pilihan',
  'guru-p5',
  'pembimbing',
  'pembina_ekskul',
  'waka',
  'kaprog',
  'internal',
] as const;

export type RoleName = (typeof ROLE_NAMES)[number];

export const ROLE_DISPLAY_NAMES: Record<RoleName, string> = {
  admin: 'Administrator',
  tu: 'Tata Usaha',
  guru: 'Guru',
  user: 'General User',
  siswa: 'Peserta Didik',
  wali: 'Wali Kelas',
  pilihan: 'Wali Kelas Matpel Pilihan',
  'guru-p5': 'Koord P5',
  pembimbing: 'Pembimbing PKL',
  pembina_ekskul: 'Pembina Ekstrakurikuler',
  waka: 'Waka Kurikulum',
  kaprog: 'Kepala Program',
  internal: 'Penguji Internal UKK',
};

/** Roles the administrator grants by hand; generatePengguna never removes them. */
export const MANUAL_ROLES: readonly RoleName[] = ['waka', 'kaprog', 'internal'];

export function isRoleName(value: string): value is RoleName {
  return (ROLE_NAMES as readonly string[]).includes(value);
}

/** Display string for the navbar: the display names joined by ", " (as the reference's `role`). */
export function roleDisplay(roles: readonly RoleName[]): string {
  return roles.map((r) => ROLE_DISPLAY_NAMES[r]).join(', ');
}
