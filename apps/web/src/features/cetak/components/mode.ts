import type { RouteDef } from '@erapor/contract/routes';

/**
 * Which print page a route shows (app/screen-aliases.ts): under Monitoring (/progress/…) the Waka's
 * and the admin's, any class of the semester; under Wali Kelas the wali's own class.
 */
export function cetakMode(def: Pick<RouteDef, 'path'> | undefined): 'wali' | 'waka' {
  return def?.path.startsWith('/progress/') ? 'waka' : 'wali';
}
