import type { RoleName } from './roles';

/**
 * Resources of the product spec (§6). Route guards use exactly these.
 * Every pair used by the product has action `read`.
 */
export const RESOURCES = [
  'Administrator',
  'Guru',
  'Kaprog',
  'Rombel',
  'Ekskul',
  'Waka',
  'Pkl',
  'Web',
  'Auth',
] as const;
export type Resource = (typeof RESOURCES)[number];
export type Action = 'read' | 'manage';

export interface AbilityRule {
  action: Action;
  subject: Resource;
}

/** Rules when nothing is stored: only the public auth pages. */
export const DEFAULT_ABILITY: readonly AbilityRule[] = [{ action: 'read', subject: 'Auth' }];

/**
 * Role → resources. Every logged-in user also reads `Web`.
 * Roles are finer than resources: a wali reads the Guru resource, and the route's
 * `roles` list (routes.ts) narrows it to the roles that actually use the page.
 */
export const ROLE_RESOURCES: Record<RoleName, readonly Resource[]> = {
  admin: ['Administrator', 'Rombel'],
  tu: ['Rombel'],
  guru: ['Guru'],
  user: [],
  siswa: [],
  wali: ['Guru'],
  pilihan: ['Guru'],
  'guru-p5': ['Guru'],
  pembimbing: ['Pkl'],
  pembina_ekskul: ['Ekskul'],
  waka: ['Waka', 'Rombel'],
  kaprog: ['Kaprog', 'Guru'],
  internal: ['Guru'],
};

/** The ability list sent in `userData.ability`, in a stable order and without duplicates. */
export function abilitiesForRoles(roles: readonly RoleName[]): AbilityRule[] {
  const subjects = new Set<Resource>(['Web']);
  for (const role of roles) for (const r of ROLE_RESOURCES[role]) subjects.add(r);
  return RESOURCES.filter((r) => subjects.has(r)).map((subject) => ({ action: 'read', subject }));
}

export function can(rules: readonly AbilityRule[], action: Action, subject: Resource): boolean {
  return rules.some((r) => r.subject === subject && (r.action === action || r.action === 'manage'));
}
