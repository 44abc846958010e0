/**
 * `createSimulator(options)`: the Dapodik simulator as a Fastify app, for main.ts and for tests that
 * start it in-process (`await sim.listen()` on port 0, or `sim.app.inject(...)`).
 *
 * One process serves three faces (reference-dapodik §6): the local Web Service (`/WebService`), our
 * neutral pull API (`/sync/v1`), and the e-Rapor dashboard upload (`/api/sinkronisasi/kirim-data`);
 * plus `/__sim` controls when `admin` is on. Data: the demo school of packages/demo-school for
 * (seed, npsn, profile, semester) — the school the app's demo seed writes, with the same ids.
 */
import { semesterOfDate } from '@erapor/contract/semester';
import Fastify, { type FastifyInstance } from 'fastify';
import { adminRoutes } from './admin.ts';
import { centralRoutes } from './central/routes.ts';
import { SimClock } from './clock.ts';
import type { ResetInput, SimContext } from './context.ts';
import { Faults, sendFault } from './faults.ts';
import { prefillMatev } from './grades.ts';
import { DEFAULT_OPTIONS, type SimOptions } from './options.ts';
import { loadState, StateSaver } from './persist.ts';
import { parseWindow } from './service-window.ts';
import { SimState, SnapshotCounter } from './state.ts';
import { SnapshotCache } from './sync/paging.ts';
import { syncRoutes } from './sync/routes.ts';
import { webServiceRoutes } from './webservice/routes.ts';

export interface CreateSimulatorOptions extends Partial<SimOptions> {
  /** Time source of the clock (default: real time); the clock can also be set via /__sim/clock. */
  now?: () => Date;
}

export interface Simulator {
  app: FastifyInstance;
  /** The current state (replaced by reset). */
  readonly state: SimState;
  readonly options: SimOptions;
  readonly clock: SimClock;
  readonly faults: Faults;
  reset(input?: ResetInput): SimState;
  /** Starts listening on options.host/port; resolves to the base URL (e.g. http://127.0.0.1:5774). */
  listen(): Promise<string>;
  /** Stops the server (open requests, hung ones included, are cut) and saves the state if persisted. */
  close(): Promise<void>;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function createSimulator(input: CreateSimulatorOptions = {}): Simulator {
  const { now, ...rest } = input;
  const options: SimOptions = { ...DEFAULT_OPTIONS, ...rest };
  const clock = new SimClock(now);
  const window = options.window ? parseWindow(options.window) : null;
  const faults = new Faults(options.faultRate, options.seed);
  const counter = new SnapshotCounter();
  const snapshots = new SnapshotCache();

  const build = (over: ResetInput = {}): SimState => {
    const identity = {
      seed: over.seed ?? options.seed,
      npsn: options.npsn,
      profile: over.profile ?? options.profile,
    };
    const semesterId = over.semesterId ?? options.semesterId ?? semesterOfDate(clock.now()).semester_id;
    const state = SimState.generate(identity, semesterId, counter);
    if (options.prefillMatev) prefillMatev(state);
    return state;
  };

  const identity = { seed: options.seed, npsn: options.npsn, profile: options.profile };
  let state = (options.statePath && loadState(options.statePath, identity, counter)) || build();
  const saver = options.statePath ? new StateSaver(options.statePath, () => state) : null;

  const ctx: SimContext = {
    options,
    clock,
    window,
    faults,
    snapshots,
    get state() {
      return state;
    },
    reset(over?: ResetInput) {
      state = build(over);
      snapshots.clear();
      saver?.schedule();
      return state;
    },
    changed() {
      saver?.schedule();
    },
  };

  const app = Fastify({
    logger: options.logger,
    // "Kirim data" batches and full lists are large; Dapodik itself has no small limit.
    bodyLimit: 64 * 1024 * 1024,
    // Hung requests (fault `timeout`) must not keep close() waiting.
    forceCloseConnections: true,
  });
  app.decorateRequest('simFault', null);
  // e-Rapor's Laravel client posts JSON, but PHP forms are common too.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  // Latency and faults come first, before auth: a proxy or an overloaded server fails everyone alike.
  app.addHook('onRequest', async (request, reply) => {
    const { key, group } = request.routeOptions.config;
    if (!key || !group || group === 'admin') return;
    if (options.latency) await sleep(faults.latency(options.latency));
    const rule = faults.take(key);
    if (!rule) return;
    request.simFault = rule;
    switch (rule.mode) {
      case 'slow':
        await sleep(rule.ms ?? 0);
        return;
      case 'timeout':
        // Never answer; optionally drop the connection later (a reset instead of an endless wait).
        reply.hijack();
        if (rule.ms !== null) setTimeout(() => request.raw.socket?.destroy(), rule.ms).unref();
        return;
      case 'truncated':
      case 'lost-response':
        return; // handled once the answer exists (onSend)
      default:
        return sendFault(reply, group, rule, options.strictHttp);
    }
  });
  app.addHook('onSend', async (request, _reply, payload) => {
    const mode = request.simFault?.mode;
    if (mode === 'truncated' && typeof payload === 'string')
      return payload.slice(0, Math.floor(payload.length / 2));
    // The request was processed (a grade stored, say), but the client never hears so.
    if (mode === 'lost-response') request.raw.socket?.destroy();
    return payload;
  });

  app.register(async (scope) => webServiceRoutes(scope, ctx), { prefix: '/WebService' });
  app.register(async (scope) => syncRoutes(scope, ctx), { prefix: '/sync/v1' });
  app.register(async (scope) => centralRoutes(scope, ctx));
  if (options.admin) app.register(async (scope) => adminRoutes(scope, ctx), { prefix: '/__sim' });
  if (saver) app.addHook('onClose', async () => saver.flush());

  return {
    app,
    get state() {
      return state;
    },
    options,
    clock,
    faults,
    reset: (over) => ctx.reset(over),
    async listen() {
      await app.listen({ port: options.port, host: options.host });
      const address = app.server.address();
      const port = typeof address === 'object' && address ? address.port : options.port;
      const host = options.host.includes(':') ? `[${options.host}]` : options.host;
      return `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`;
    },
    close: () => app.close(),
  };
}
