import { ERROR_CODES } from '@erapor/contract/errors';
import type { FastifyRequest } from 'fastify';
import type { Actor } from '../../actor';
import type { AppContext } from '../../context';
import { unauthenticated } from '../../lib/errors';
import { bearer } from '../../plugins/auth';
import { loadActor } from './service';
import { verifyAccessToken } from './tokens';

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
