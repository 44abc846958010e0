/**
 * `/__sim/...`: test-only controls (registered only with --admin). Scenarios change the school, faults
 * break the next calls, the clock moves the service window, and the logs show what clients sent.
 */
import { dapodikCounts } from '@erapor/demo-school/counts';
import type { FastifyInstance } from 'fastify';
import type { SimContext } from './context.ts';
import { type FaultInput, FaultInputError } from './faults.ts';
import { gradesView } from './grades.ts';
import { newSemester } from './new-semester.ts';
import {
  movePupil,
  ptkLeaves,
  ptkReturns,
  pupilLeaves,
  renameMapel,
  rombelDelete,
  ScenarioError,
} from './scenarios.ts';
import { windowState } from './service-window.ts';
import type { SimState } from './state.ts';

type Body = Record<string, unknown>;

const SCENARIOS: Record<string, (state: SimState, input: Body, now: Date) => object> = {
  'move-pupil': movePupil,
  'pupil-leaves': pupilLeaves,
  'ptk-leaves': ptkLeaves,
  'ptk-returns': ptkReturns,
  'rombel-delete': rombelDelete,
  'rename-mapel': renameMapel,
  'new-semester': newSemester,
};

export function summary(ctx: SimContext) {
  const s = ctx.state;
  return {
    identity: s.identity,
    semester_id: s.semesterId,
    sekolah_id: s.sekolahId,
    npsn: s.school.sekolah.npsn,
    snapshot_id: String(s.snapshot),
    counts: dapodikCounts(s.school),
    matev: s.matev.size,
    nilai: s.nilai.size,
    received: s.received.length,
    kirim_data: s.kirimData.length,
    changes: s.changes.length,
  };
}

export async function adminRoutes(app: FastifyInstance, ctx: SimContext): Promise<void> {
  const config = { config: { group: 'admin' as const } };
  app.setErrorHandler((error: Error & { statusCode?: number }, _request, reply) => {
    if (error instanceof ScenarioError) return reply.code(error.status).send({ error: error.message });
    if (error instanceof FaultInputError) return reply.code(400).send({ error: error.message });
    if ((error.statusCode ?? 500) < 500)
      return reply.code(error.statusCode ?? 400).send({ error: error.message });
    throw error;
  });

  app.get('/state', config, async (request) => {
    const full = (request.query as Record<string, string>).full;
    return full === '1' || full === 'true' ? { ...summary(ctx), school: ctx.state.school } : summary(ctx);
  });

  app.post('/reset', config, async (request) => {
    const b = (request.body ?? {}) as Body;
    const seed = b.seed === undefined ? undefined : Number(b.seed);
    if (seed !== undefined && !Number.isInteger(seed))
      throw new ScenarioError(400, 'seed harus bilangan bulat');
    const semesterId = typeof b.semester_id === 'string' ? b.semester_id : undefined;
    if (semesterId !== undefined && !/^\d{4}[12]$/.test(semesterId))
      throw new ScenarioError(400, 'semester_id tidak valid');
    const profile = b.profile === 'tiny' || b.profile === 'smk-standard' ? b.profile : undefined;
    if (b.profile !== undefined && !profile) throw new ScenarioError(400, 'profile: smk-standard atau tiny');
    ctx.reset({ seed, semesterId, profile });
    return summary(ctx);
  });

  for (const [name, run] of Object.entries(SCENARIOS)) {
    app.post(`/${name}`, config, async (request) => {
      const result = run(ctx.state, (request.body ?? {}) as Body, ctx.clock.now());
      ctx.changed();
      return { ...result, snapshot_id: String(ctx.state.snapshot) };
    });
  }

  app.get('/faults', config, async () => ({ faults: ctx.faults.list() }));
  app.post('/faults', config, async (request) => {
    const b = (request.body ?? {}) as FaultInput | FaultInput[];
    const rules = (Array.isArray(b) ? b : [b]).map((f) => ctx.faults.add(f));
    return { faults: rules };
  });
  app.delete('/faults', config, async () => {
    ctx.faults.clear();
    return { faults: [] };
  });

  app.get('/clock', config, async () => clockView(ctx));
  /** `{now: ISO}` freezes the clock, `{now: null}` follows real time again, `{advance_ms}` moves it. */
  app.post('/clock', config, async (request) => {
    const b = (request.body ?? {}) as Body;
    if ('now' in b) {
      if (b.now === null) ctx.clock.set(null);
      else {
        const at = new Date(String(b.now));
        if (Number.isNaN(at.getTime())) throw new ScenarioError(400, 'now: expected an ISO date-time');
        ctx.clock.set(at);
      }
    }
    if (b.advance_ms !== undefined) {
      const ms = Number(b.advance_ms);
      if (!Number.isFinite(ms)) throw new ScenarioError(400, 'advance_ms must be a number');
      ctx.clock.advance(ms);
    }
    return clockView(ctx);
  });

  app.get('/received', config, async (request) => {
    const endpoint = (request.query as Record<string, string>).endpoint;
    return { received: ctx.state.received.filter((r) => !endpoint || r.endpoint === endpoint) };
  });
  app.get('/grades', config, async () => gradesView(ctx.state));
  app.get('/kirim-data', config, async (request) => {
    const table = (request.query as Record<string, string>).table;
    return { batches: ctx.state.kirimData.filter((b) => !table || b.table === table) };
  });
  app.get('/changes', config, async () => ({ changes: ctx.state.changes }));
}

function clockView(ctx: SimContext) {
  const now = ctx.clock.now();
  const w = windowState(ctx.window, now);
  return {
    now: now.toISOString(),
    frozen: ctx.clock.frozen,
    window: ctx.window?.spec ?? null,
    service_open: w.open,
    opens_at: w.opensAt?.toISOString() ?? null,
  };
}
