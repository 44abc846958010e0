/**
 * What the route modules share: options, clock, faults, and the current state (replaced on reset).
 */
import type { ProfileName } from '@erapor/demo-school/types';
import type { SimClock } from './clock.ts';
import type { FaultRule, Faults, RouteGroup } from './faults.ts';
import type { SimOptions } from './options.ts';
import type { ServiceWindow } from './service-window.ts';
import type { SimState } from './state.ts';
import type { SnapshotCache } from './sync/paging.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Route key faults target: `WebService/getGtk`, `sync/ptk`, `central/kirim-data`. */
    key?: string;
    group?: RouteGroup;
  }
  interface FastifyRequest {
    simFault: FaultRule | null;
  }
}

export interface ResetInput {
  seed?: number;
  semesterId?: string;
  profile?: ProfileName;
}

export interface SimContext {
  readonly options: SimOptions;
  readonly clock: SimClock;
  readonly window: ServiceWindow | null;
  readonly faults: Faults;
  readonly snapshots: SnapshotCache;
  /** The current state; a reset replaces it. */
  readonly state: SimState;
  reset(input?: ResetInput): SimState;
  /** Called after every change of the state (persistence). */
  changed(): void;
}
