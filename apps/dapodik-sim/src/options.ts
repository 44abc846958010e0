/**
 * Simulator options: defaults, and the command line / environment reader used by main.ts.
 * The defaults describe the same school the app seeds (seed 42, NPSN 69999999, smk-standard).
 */
import type { ProfileName } from '@erapor/demo-school/types';
import { parseWindow } from './service-window.ts';

export interface SimOptions {
  port: number;
  host: string;
  seed: number;
  npsn: string;
  /** Bearer token of the Web Service (and of /sync/v1). */
  token: string;
  profile: ProfileName;
  /** Active semester, e.g. '20251'; null = the semester of the clock's date (as the app does). */
  semesterId: string | null;
  /** Enables the /__sim scenario and fault controls. */
  admin: boolean;
  /** Real Web Service typing: numeric codes as strings, empty strings for missing text. */
  quirks: boolean;
  /** Answer auth errors with 400/401/403/404 instead of Dapodik's HTTP 200 bodies. */
  strictHttp: boolean;
  /** Prefix error bodies with raw "HTTP/1.0 403 Forbidden" header text, as one client reports. */
  errorPrefix: boolean;
  /** Client IP allow-list (addresses or IPv4 CIDRs); null = everyone. */
  allow: string[] | null;
  /** Share of requests answered with a random fault (500, 502, hang, truncated JSON). */
  faultRate: number;
  /** Random extra latency per request, [min, max] ms. */
  latency: readonly [number, number] | null;
  /** Service window of the sync API, 'HH:MM-HH:MM@Zone'; null = always open. */
  window: string | null;
  /** Start with one matev per top-level pembelajaran (instead of Dapodik's empty list). */
  prefillMatev: boolean;
  /** JSON file the state is kept in, so mutations survive restarts. */
  statePath: string | null;
  logger: boolean;
}

/** The nightly PUSDATIN replication window e-Rapor refuses to sync in (reference-dapodik §1.1). */
export const DAPODIK_WINDOW = '00:00-03:00@Asia/Jakarta';

export const DEFAULT_OPTIONS: SimOptions = {
  port: 5774,
  host: '127.0.0.1',
  seed: 42,
  npsn: '69999999',
  token: 'sim-token',
  profile: 'smk-standard',
  semesterId: null,
  admin: false,
  quirks: true,
  strictHttp: false,
  errorPrefix: false,
  allow: null,
  faultRate: 0,
  latency: null,
  // In-process simulators (tests) start without the window so they never depend on the time of day;
  // the command line turns it on (see CLI_DEFAULTS).
  window: null,
  prefillMatev: false,
  statePath: null,
  logger: false,
};

export const CLI_DEFAULTS: Partial<SimOptions> = { window: DAPODIK_WINDOW };

export class OptionError extends Error {}

type Parser = (value: string, name: string) => Partial<SimOptions>;

const int =
  (key: 'port' | 'seed', min: number, max: number): Parser =>
  (v, name) => {
    const n = Number(v);
    if (!Number.isInteger(n) || n < min || n > max)
      throw new OptionError(`${name}: expected an integer, got "${v}"`);
    return { [key]: n };
  };

function bool(v: string, name: string): boolean {
  const s = v.trim().toLowerCase();
  if (['', '1', 'true', 'on', 'yes'].includes(s)) return true;
  if (['0', 'false', 'off', 'no'].includes(s)) return false;
  throw new OptionError(`${name}: expected on/off, got "${v}"`);
}

const flag =
  (key: 'admin' | 'quirks' | 'strictHttp' | 'errorPrefix' | 'prefillMatev' | 'logger'): Parser =>
  (v, name) => ({ [key]: bool(v, name) });

export function parseLatency(v: string): readonly [number, number] | null {
  const m = /^(\d+)(?:\s*-\s*(\d+))?(?:ms)?$/.exec(v.trim());
  if (!m) throw new OptionError(`latency: expected "min-max" in ms, got "${v}"`);
  const min = Number(m[1]);
  const max = m[2] === undefined ? min : Number(m[2]);
  if (max < min) throw new OptionError(`latency: ${max} < ${min}`);
  return max === 0 ? null : [min, max];
}

/** Option name (CLI `--name`, env DAPODIK_SIM_NAME) → how its value is read. */
const PARSERS: Record<string, Parser> = {
  port: int('port', 0, 65535),
  host: (v) => ({ host: v }),
  seed: int('seed', 0, 2 ** 31 - 1),
  npsn: (v, name) => {
    if (!/^\d{8}$/.test(v)) throw new OptionError(`${name}: an NPSN has 8 digits, got "${v}"`);
    return { npsn: v };
  },
  token: (v, name) => {
    if (!v) throw new OptionError(`${name}: empty token`);
    return { token: v };
  },
  profile: (v, name) => {
    if (v !== 'smk-standard' && v !== 'tiny')
      throw new OptionError(`${name}: smk-standard or tiny, got "${v}"`);
    return { profile: v };
  },
  semester: (v, name) => {
    if (!/^\d{4}[12]$/.test(v)) throw new OptionError(`${name}: expected e.g. 20251, got "${v}"`);
    return { semesterId: v };
  },
  admin: flag('admin'),
  quirks: flag('quirks'),
  'strict-http': flag('strictHttp'),
  'error-prefix': flag('errorPrefix'),
  'prefill-matev': flag('prefillMatev'),
  log: flag('logger'),
  allow: (v) => ({
    allow: v
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  }),
  'fault-rate': (v, name) => {
    const n = Number(v);
    if (!(n >= 0 && n <= 1)) throw new OptionError(`${name}: expected 0..1, got "${v}"`);
    return { faultRate: n };
  },
  latency: (v) => ({ latency: parseLatency(v) }),
  window: (v, name) => {
    if (['', 'off', 'none', 'false', '0'].includes(v.toLowerCase())) return { window: null };
    try {
      parseWindow(v);
    } catch (e) {
      throw new OptionError(`${name}: ${(e as Error).message}`);
    }
    return { window: v };
  },
  state: (v) => ({ statePath: v || null }),
};
const BOOLEAN = new Set(['admin', 'quirks', 'strict-http', 'error-prefix', 'prefill-matev', 'log']);

export const envName = (option: string) => `DAPODIK_SIM_${option.toUpperCase().replace(/-/g, '_')}`;

export const HELP = `dapodik-sim: local Dapodik Web Service + sync API for tests and demos

  --port <n>            listen port (default 5774; 0 = any free port)
  --host <addr>         listen address (default 127.0.0.1)
  --seed <n>            demo-school seed (default 42)
  --npsn <8 digits>     school NPSN (default 69999999, the app's demo school)
  --token <s>           Bearer token (default sim-token)
  --profile <p>         smk-standard (default) or tiny
  --semester <id>       active semester, e.g. 20251 (default: today's)
  --admin               enable /__sim scenario and fault controls
  --quirks on|off       real Web Service typing quirks (default on)
  --strict-http         401/403/400/404 instead of HTTP 200 error bodies
  --error-prefix        raw "HTTP/1.0 403" text before error bodies
  --allow <list>        client IP allow-list, e.g. 127.0.0.1,10.0.0.0/8
  --fault-rate <0..1>   random 500/502/hang/truncated answers
  --latency <min-max>   random latency in ms, e.g. 0-200
  --window <spec|off>   sync API service window (default ${DAPODIK_WINDOW})
  --prefill-matev       start with one matev per pembelajaran
  --state <file>        keep the state in this JSON file across restarts
  --log                 request log

Every option can also be given as an environment variable: DAPODIK_SIM_PORT, DAPODIK_SIM_ADMIN=1, ...`;

/**
 * Reads options from the environment, then the command line (which wins). Also honours npm's
 * `npm_config_<name>` variables: `npm run sim -- --port 6000` reaches the nested `npm run start` as
 * npm configuration, not as script arguments.
 */
export function parseCli(
  argv: readonly string[],
  env: NodeJS.ProcessEnv,
): Partial<SimOptions> & { help?: true } {
  const out: Partial<SimOptions> & { help?: true } = {};
  const fromNpm = env.npm_lifecycle_event === 'start' && env.npm_package_name === '@erapor/dapodik-sim';
  for (const [name, parse] of Object.entries(PARSERS)) {
    const npmValue = fromNpm ? env[`npm_config_${name.replace(/-/g, '_')}`] : undefined;
    // npm turns an unknown `--port 6000` into port=true plus a stray argument "6000".
    if (npmValue === 'true' && !BOOLEAN.has(name))
      throw new OptionError(
        `--${name} needs a value; through npm write --${name}=<value> (or: npm run sim -- -- --${name} <value>)`,
      );
    const value = env[envName(name)] ?? npmValue;
    if (value !== undefined) Object.assign(out, parse(value, envName(name)));
  }
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg === '--help' || arg === '-h') {
      out.help = true;
      continue;
    }
    const m = /^--(no-)?([a-z-]+)(?:=(.*))?$/.exec(arg);
    const name = m?.[2];
    const parse = name ? PARSERS[name] : undefined;
    if (!m || !name || !parse) throw new OptionError(`unknown option ${arg} (see --help)`);
    let value = m[3];
    if (m[1]) {
      if (!BOOLEAN.has(name)) throw new OptionError(`--no-${name} is not a switch`);
      value = 'off';
    } else if (value === undefined) {
      const next = argv[i + 1];
      if (BOOLEAN.has(name) && (next === undefined || next.startsWith('--') || !isBoolWord(next)))
        value = 'on';
      else if (next === undefined) throw new OptionError(`--${name} needs a value`);
      else {
        value = next;
        i++;
      }
    }
    Object.assign(out, parse(value, `--${name}`));
  }
  return out;
}

function isBoolWord(v: string): boolean {
  return ['1', '0', 'true', 'false', 'on', 'off', 'yes', 'no'].includes(v.toLowerCase());
}
