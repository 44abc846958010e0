/**
 * Fault injection: rules set through /__sim/faults (one endpoint or kind, a number of calls) and the
 * random `--fault-rate`. The modes are what school networks and Dapodik really do to a client: hang,
 * 500/502, an HTML page instead of JSON, "Access denied", 429 with Retry-After, a body cut short,
 * slow answers, and a request that was processed but whose answer never arrived.
 */
import { Rng } from '@erapor/demo-school/rng';
import type { FastifyReply } from 'fastify';

export const FAULT_MODES = [
  'timeout',
  'lost-response',
  '500',
  '502',
  'html',
  'access-denied',
  '429',
  'truncated',
  'slow',
] as const;
export type FaultMode = (typeof FAULT_MODES)[number];

/** Which API a route belongs to; faults answer in that API's error style. */
export type RouteGroup = 'ws' | 'sync' | 'central' | 'admin';

export interface FaultInput {
  /** Route key (`WebService/getGtk`, `sync/peserta-didik`), its last part (`getGtk`), `group/*` or `*`. */
  endpoint?: string;
  /** A mode, or `slow:<ms>` / `timeout:<ms>`. */
  mode: string;
  /** Calls to affect; null or 0 = until cleared. Default 1. */
  count?: number | null;
  /** Matching calls to let through first (e.g. fail only the second page). */
  skip?: number;
  /** slow: delay; timeout: drop the connection after this long (default: hang until the client gives up). */
  ms?: number;
  /** 429: the Retry-After header in seconds (default 1). */
  retry_after?: number;
}

export interface FaultRule {
  id: number;
  endpoint: string;
  mode: FaultMode;
  ms: number | null;
  retryAfter: number;
  /** Calls still to affect; null = unlimited. */
  remaining: number | null;
  skip: number;
  hits: number;
}

export class FaultInputError extends Error {}

export function endpointMatches(pattern: string, key: string): boolean {
  if (pattern === '*' || pattern === key) return true;
  if (pattern.endsWith('/*')) return key.startsWith(pattern.slice(0, -1));
  return key.endsWith(`/${pattern}`);
}

export class Faults {
  private rules: FaultRule[] = [];
  private nextId = 1;
  private readonly rng: Rng;

  constructor(
    private readonly rate: number,
    seed: number,
  ) {
    this.rng = new Rng(`dapodik-sim:faults:${seed}`);
  }

  add(input: FaultInput): FaultRule {
    const [modeName, modeMs] = String(input.mode ?? '').split(':');
    if (!FAULT_MODES.includes(modeName as FaultMode))
      throw new FaultInputError(`mode must be one of ${FAULT_MODES.join(', ')} (slow:<ms>, timeout:<ms>)`);
    const mode = modeName as FaultMode;
    const ms = modeMs !== undefined ? Number(modeMs) : (input.ms ?? null);
    if (ms !== null && !(Number.isFinite(ms) && ms >= 0)) throw new FaultInputError('ms must be >= 0');
    if (mode === 'slow' && ms === null) throw new FaultInputError('slow needs a delay (slow:<ms> or ms)');
    const count = input.count === undefined ? 1 : input.count;
    if (count !== null && !(Number.isInteger(count) && count >= 0))
      throw new FaultInputError('count must be a whole number');
    const skip = input.skip ?? 0;
    if (!(Number.isInteger(skip) && skip >= 0)) throw new FaultInputError('skip must be a whole number');
    const retryAfter = input.retry_after ?? 1;
    if (!(Number.isInteger(retryAfter) && retryAfter >= 0))
      throw new FaultInputError('retry_after must be whole seconds');
    const rule: FaultRule = {
      id: this.nextId++,
      endpoint: input.endpoint || '*',
      mode,
      ms,
      retryAfter,
      remaining: count === 0 ? null : count,
      skip,
      hits: 0,
    };
    this.rules.push(rule);
    return rule;
  }

  list(): FaultRule[] {
    return this.rules.map((r) => ({ ...r }));
  }

  clear(): void {
    this.rules = [];
  }

  /** The fault for this call, if any: the first matching rule past its skip, else the random rate. */
  take(key: string): FaultRule | null {
    for (const rule of this.rules) {
      if (!endpointMatches(rule.endpoint, key)) continue;
      if (rule.skip > 0) {
        rule.skip--;
        continue;
      }
      rule.hits++;
      if (rule.remaining !== null && --rule.remaining === 0)
        this.rules = this.rules.filter((r) => r !== rule);
      return rule;
    }
    if (this.rate > 0 && this.rng.next() < this.rate) {
      const mode = this.rng.pick(['500', '502', 'timeout', 'truncated'] as const);
      // A random hang ends after 30 s so a client without a timeout is not stuck for ever.
      return {
        id: 0,
        endpoint: key,
        mode,
        ms: mode === 'timeout' ? 30_000 : null,
        retryAfter: 1,
        remaining: 1,
        skip: 0,
        hits: 1,
      };
    }
    return null;
  }

  /** Random latency in [min, max] ms from the seeded stream. */
  latency(range: readonly [number, number]): number {
    return this.rng.int(range[0], range[1]);
  }
}

export const ACCESS_DENIED = 'Access denied - You are not authorized to access this page. #1';

const HTML_PAGE = `<!DOCTYPE html>
<html><head><title>Dapodik</title></head>
<body><h1>Aplikasi Dapodik</h1><p>Sesi Anda telah berakhir. Silakan login kembali.</p></body></html>
`;
const BAD_GATEWAY = `<html>
<head><title>502 Bad Gateway</title></head>
<body><center><h1>502 Bad Gateway</h1></center><hr><center>nginx</center></body>
</html>
`;

/** Sends the answer of an immediate fault in the style of the route's API. */
export function sendFault(
  reply: FastifyReply,
  group: RouteGroup,
  rule: FaultRule,
  strictHttp: boolean,
): FastifyReply {
  const json = (status: number, code: string, message: string) => {
    const body =
      group === 'ws'
        ? { success: false, http_code: status, message }
        : group === 'central'
          ? { status: false, message }
          : { error: code, message };
    return reply.code(status).type('application/json; charset=utf-8').send(body);
  };
  switch (rule.mode) {
    case '500':
      return json(500, 'internal', 'Internal Server Error');
    case '502':
      return reply.code(502).type('text/html; charset=utf-8').send(BAD_GATEWAY);
    case 'html':
      return reply.code(200).type('text/html; charset=utf-8').send(HTML_PAGE);
    case 'access-denied':
      if (group === 'ws' && !strictHttp)
        return reply.code(200).type('text/plain; charset=utf-8').send(ACCESS_DENIED);
      return json(403, 'forbidden', ACCESS_DENIED);
    case '429':
      reply.header('retry-after', String(rule.retryAfter));
      return json(429, 'rate_limited', 'Too Many Requests');
    default:
      throw new Error(`sendFault: ${rule.mode} is not an immediate fault`);
  }
}
