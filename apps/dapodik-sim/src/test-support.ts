/**
 * Helpers for the simulator's tests (and for apps/server tests that drive the simulator): requests
 * with the right credentials, and a pager that follows sync cursors to the end.
 */
import type { LightMyRequestResponse } from 'fastify';
import { type CreateSimulatorOptions, createSimulator, type Simulator } from './simulator.ts';

export const TOKEN = 'sim-token';
export const NPSN = '69999999';
export const SEMESTER = '20251';
/** Noon in Jakarta on a school day of semester 20251: outside the service window. */
export const NOON_WIB = new Date('2025-09-15T05:00:00.000Z');

/** A simulator on a fixed clock and semester (tiny profile unless asked otherwise). */
export function testSimulator(options: CreateSimulatorOptions = {}): Simulator {
  return createSimulator({
    profile: 'tiny',
    semesterId: SEMESTER,
    now: () => NOON_WIB,
    admin: true,
    ...options,
  });
}

type Query = Record<string, string | number>;
const qs = (q: Query) =>
  new URLSearchParams(Object.entries(q).map(([k, v]): [string, string] => [k, String(v)])).toString();

export function wsGet(sim: Simulator, name: string, query: Query = {}): Promise<LightMyRequestResponse> {
  return sim.app.inject({
    method: 'GET',
    url: `/WebService/${name}?${qs({ npsn: NPSN, semester_id: sim.state.semesterId, ...query })}`,
    headers: { authorization: `Bearer ${TOKEN}` },
  });
}

export function wsPost(
  sim: Simulator,
  name: string,
  body: unknown,
  query: Query = {},
): Promise<LightMyRequestResponse> {
  return sim.app.inject({
    method: 'POST',
    url: `/WebService/${name}?${qs({ npsn: NPSN, semester_id: sim.state.semesterId, ...query })}`,
    headers: { authorization: `Bearer ${TOKEN}` },
    payload: body as object,
  });
}

export function syncGet(sim: Simulator, path: string, query: Query = {}): Promise<LightMyRequestResponse> {
  const q = qs(query);
  return sim.app.inject({
    method: 'GET',
    url: `/sync/v1/${path}${q ? `?${q}` : ''}`,
    headers: { authorization: `Bearer ${TOKEN}`, 'x-npsn': NPSN },
  });
}

/** Every row of a sync kind, following cursors; also the number of pages. */
export async function syncAll(
  sim: Simulator,
  path: string,
  query: Query = {},
): Promise<{ rows: Record<string, unknown>[]; pages: number; total: number }> {
  const rows: Record<string, unknown>[] = [];
  let cursor: string | null = null;
  let pages = 0;
  let total = 0;
  do {
    const res = await syncGet(sim, path, cursor ? { ...query, cursor } : query);
    if (res.statusCode !== 200) throw new Error(`${path}: ${res.statusCode} ${res.body}`);
    const body = res.json() as {
      data: Record<string, unknown>[];
      page: { cursor: string | null; total: number };
    };
    rows.push(...body.data);
    cursor = body.page.cursor;
    total = body.page.total;
    pages++;
  } while (cursor);
  return { rows, pages, total };
}

export function admin(sim: Simulator, method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown) {
  return sim.app.inject({
    method,
    url: `/__sim/${path}`,
    ...(body === undefined ? {} : { payload: body as object }),
  });
}
