import {
  type AbilityRule,
  abilitiesForRoles,
  can,
  type Resource,
  ROLE_RESOURCES,
} from '@erapor/contract/abilities';
import { ERROR_CODES, MESSAGES } from '@erapor/contract/errors';
import { ROLE_NAMES, type RoleName } from '@erapor/contract/roles';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { Actor } from '../actor';
import type { AppContext } from '../context';
import { AppError, forbidden, unauthenticated } from '../lib/errors';

/**
 * Who may use a route at all: the roles (any one of them, in the token's semester), or 'any'
 * logged-in user. Checked before the body is even read (decision 042), so a caller outside these
 * roles gets 403 whatever they send; owner checks that need the body stay in the services.
 */
export type RouteRoles = readonly RoleName[] | 'any';

/** A registered API route as the access check sees it (the options object, read after all onRoute hooks). */
export interface RouteAccessEntry {
  method: string;
  url: string;
  options: RouteOptions;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    roles?: RouteRoles;
    /**
     * Answers an account that still has its one-time password (the password change and the
     * profile read; logout is public). Every other authenticated route refuses it (decision 054).
     */
    beforePasswordChange?: boolean;
  }
  interface FastifyRequest {
    /** Set by `authenticate`; null on public routes. */
    actor: Actor | null;
  }
  interface FastifyInstance {
    ctx: AppContext;
    /** onRequest/preHandler hook: 401 unless a valid Bearer token of a live session is sent. */
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** Every /api route with its options (the route-walking access test reads it). */
    routeAccess: RouteAccessEntry[];
  }
}

/** Role guards (requireResource/requireRoles) and the roles they let through. */
const guardRoles = new WeakMap<object, readonly RoleName[]>();

/** The roles whose resources include `resource` (ROLE_RESOURCES; `Web` is every role's). */
export function rolesWithResource(resource: Resource): RoleName[] {
  return ROLE_NAMES.filter((r) => resource === 'Web' || ROLE_RESOURCES[r].includes(resource));
}

/** A route's declared roles narrowed by a guard's (both must hold). */
function narrow(declared: RouteRoles | undefined, guard: readonly RoleName[]): RouteRoles {
  if (declared === undefined || declared === 'any') return guard;
  return declared.filter((r) => guard.includes(r));
}

const asArray = <T>(v: T | T[] | undefined): T[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);

/**
 * Every route of this plugin is for these roles unless it declares its own `config.roles`.
 * Call it at the top of a routes plugin, before its routes.
 */
export function routesFor(app: FastifyInstance, roles: RouteRoles): void {
  app.addHook('onRoute', (options) => {
    options.config ??= {};
    options.config.roles ??= roles;
  });
}

export function bearer(request: FastifyRequest): string | null {
  const h = request.headers.authorization;
  if (!h) return null;
  const m = /^Bearer\s+(\S+)\s*$/i.exec(h);
  return m?.[1] ?? null;
}

/** The actor of a request, or null when there is no token; throws 401 for a bad or dead token (modules/auth/actor.ts). */
export type ActorResolver = (ctx: AppContext, request: FastifyRequest) => Promise<Actor | null>;

/** `resolveActor` comes from the auth module (app.ts passes it): this plugin imports no module. */
export function registerAuth(app: FastifyInstance, resolveActor: ActorResolver): void {
  app.decorateRequest('actor', null);
  app.decorate('authenticate', async (request: FastifyRequest) => {
    const actor = await resolveActor(app.ctx, request);
    if (!actor) throw unauthenticated();
    // A generated or reset password opens nothing but its own change (decision 054). Checked on
    // every request, not at login: a reset while the user is logged in applies at once.
    if (actor.mustChangePassword && request.routeOptions.config.beforePasswordChange !== true) {
      throw new AppError(403, ERROR_CODES.PASSWORD_CHANGE_REQUIRED, MESSAGES.passwordChangeRequired);
    }
    request.actor = actor;
  });
  const routeAccess: RouteAccessEntry[] = [];
  app.decorate('routeAccess', routeAccess);
  // A role guard given as a preHandler would run after the body and query are validated (and a
  // 400 would tell a caller without the role the fields): it becomes the route's `roles` instead.
  app.addHook('onRoute', (options) => {
    const handlers = asArray(options.preHandler);
    const guards = handlers.filter((h) => guardRoles.has(h));
    if (guards.length > 0) {
      options.preHandler = handlers.filter((h) => !guardRoles.has(h));
      options.config ??= {};
      for (const g of guards) options.config.roles = narrow(options.config.roles, guardRoles.get(g) ?? []);
    }
    if (options.url.startsWith('/api/')) {
      for (const method of asArray(options.method)) routeAccess.push({ method, url: options.url, options });
    }
  });
  // After the route's onRequest (authenticate), before the body is read, parsed or validated.
  app.addHook('preParsing', async (request) => {
    const roles = request.routeOptions.config.roles;
    if (roles === undefined || roles === 'any') return;
    const actor = actorOf(request);
    if (!roles.some((r) => actor.roles.includes(r))) throw forbidden(MESSAGES.forbidden);
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

/** Route guard (given as preHandler, checked before validation — see registerAuth): 403 unless the caller's roles give `read` (or `action`) on the resource. */
export function requireResource(resource: Resource, action: 'read' | 'manage' = 'read') {
  const guard = async (request: FastifyRequest) => {
    const actor = actorOf(request);
    if (!can(abilityOf(actor), action, resource)) throw forbidden(MESSAGES.forbidden);
  };
  // Every ability is `read` (abilities.ts): nobody holds `manage`.
  guardRoles.set(guard, action === 'read' ? rolesWithResource(resource) : []);
  return guard;
}

/** Route guard (as above): 403 unless the caller holds one of the roles in the token's semester. */
export function requireRoles(...roles: RoleName[]) {
  const guard = async (request: FastifyRequest) => {
    const actor = actorOf(request);
    if (!roles.some((r) => actor.roles.includes(r))) throw forbidden(MESSAGES.forbidden);
  };
  guardRoles.set(guard, roles);
  return guard;
}
