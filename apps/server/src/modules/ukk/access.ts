import { MESSAGES } from '@erapor/contract/errors';
import type { Actor } from '../../actor';
import { forbidden } from '../../lib/errors';

/*
 * Who reaches UKK (issue #13 item 9; docs/decisions/038-ukk.md), always within the login's school
 * and semester (roles are per semester):
 * - packages, plans and the certificate template: any Kaprog (Kepala Program) of the school;
 * - scores: only the plan's internal examiner (a guru holding `internal`, named on the plan);
 * - certificates: Kaprog, that examiner, Waka;
 * - everyone else 403 — the admin too (it holds no Kaprog or Waka resource, decision 027).
 */

export const isKaprog = (actor: Actor) => actor.roles.includes('kaprog');

/** Packages, plans, template: a Kaprog of the school. */
export function requireKaprog(actor: Actor): void {
  if (!isKaprog(actor)) throw forbidden(MESSAGES.forbidden);
}
