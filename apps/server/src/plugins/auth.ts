import { type AbilityRule, abilitiesForRoles, can, type Resource } from '@erapor/contract/abilities';
import { ERROR_CODES, MESSAGES } from '@erapor/contract/errors';
import type { RoleName } from '@erapor/contract/roles';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Actor } from '../actor';
import type { AppContext } from '../context';
import { loadActor } from '../modules/auth/service';
import { verifyAccessToken } from '../modules/auth/tokens';
import { forbidden, unauthenticated } from './errors';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `authenticate`; null on public routes. */
    actor: Actor | null;
  }
  interface FastifyInstance {
    ctx: AppContext;
    /** onRequest/preHandler hook: 401 unless a valid Bearer token of a live session is sent. */
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

function bearer(request: FastifyRequest): string | null {
  const h = request.headers.authorization;
  if (!h) return null;
  const m = /^Bearer\s+(\S+)\s*$/i.exec(h);
  return m?.[1] ?? null;
}

/** The actor of a request, or null when there is no token. Throws 401 for a bad or dead token. */
export async function resolveActor(ctx: AppContext, request: FastifyRequest): Promise<Actor | null> {
  const token = bearer(request);
  if (!token) return null;
  const result = await verifyAccessToken(ctx.secrets.jwtKey, token, ctx.now());
  if (!result.ok) {
    throw result.expired ? unauthenticated(ERROR_CODES.TOKEN_EXPIRED) : unauthenticated();
  }
  const actor = await loadActor(ctx.db, result.claims);
  if (!actor) throw unauthenticated();
  return actor;
}

export function registerAuth(app: FastifyInstance): void {
  app.decorateRequest('actor', null);
  app.decorate('authenticate', async (request: FastifyRequest) => {
    const actor = await resolveActor(app.ctx, request);
    if (!actor) throw unauthenticated();
    request.actor = actor;
  });
}

/** The caller, on a route guarded by `authenticate`. */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw unauthenticated();
  return request.actor;
}

export function abilityOf(actor: Actor): AbilityRule[] {
  return abilitiesForRoles(actor.roles);
}

/** preHandler: 403 unless the caller's roles give `read` (or `action`) on the resource. */
export function requireResource(resource: Resource, action: 'read' | 'manage' = 'read') {
  return async (request: FastifyRequest) => {
    const actor = actorOf(request);
    if (!can(abilityOf(actor), action, resource)) throw forbidden(MESSAGES.forbidden);
  };
}

/** preHandler: 403 unless the caller holds one of the roles in the token's semester. */
export function requireRoles(...roles: RoleName[]) {
  return async (request: FastifyRequest) => {
    const actor = actorOf(request);
    if (!roles.some((r) => actor.roles.includes(r))) throw forbidden(MESSAGES.forbidden);
  };
}
