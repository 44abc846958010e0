import { describe, expect, it } from 'vitest';
import { OptionError, parseCli, parseLatency } from './options.ts';
import { parseWindow, windowState } from './service-window.ts';

describe('parseCli', () => {
  it('reads flags in both spellings, switches and values', () => {
    expect(
      parseCli(
        [
          '--port',
          '6000',
          '--seed=7',
          '--admin',
          '--profile',
          'tiny',
          '--quirks',
          'off',
          '--window',
          'off',
          '--allow',
          '127.0.0.1, 10.0.0.0/8',
        ],
        {},
      ),
    ).toEqual({
      port: 6000,
      seed: 7,
      admin: true,
      profile: 'tiny',
      quirks: false,
      window: null,
      allow: ['127.0.0.1', '10.0.0.0/8'],
    });
    expect(
      parseCli(['--no-quirks', '--strict-http', '--latency', '0-200', '--semester', '20252'], {}),
    ).toEqual({
      quirks: false,
      strictHttp: true,
      latency: [0, 200],
      semesterId: '20252',
    });
  });

  it('environment variables, overridden by the command line', () => {
    const env = {
      DAPODIK_SIM_PORT: '7000',
      DAPODIK_SIM_TOKEN: 'abc',
      DAPODIK_SIM_ADMIN: '1',
      DAPODIK_SIM_NPSN: '20500001',
    };
    expect(parseCli([], env)).toEqual({ port: 7000, token: 'abc', admin: true, npsn: '20500001' });
    expect(parseCli(['--port', '7001'], env).port).toBe(7001);
  });

  it('npm_config_* from `npm run sim -- --port 6000` only inside our own start script', () => {
    const npm = { npm_config_port: '6100', npm_config_admin: 'true' };
    expect(parseCli([], npm)).toEqual({});
    expect(
      parseCli([], { ...npm, npm_lifecycle_event: 'start', npm_package_name: '@erapor/dapodik-sim' }),
    ).toEqual({
      port: 6100,
      admin: true,
    });
  });

  it('refuses what it cannot read', () => {
    expect(() => parseCli(['--port', 'x'], {})).toThrow(OptionError);
    expect(() => parseCli(['--npsn', '123'], {})).toThrow(OptionError);
    expect(() => parseCli(['--profile', 'huge'], {})).toThrow(OptionError);
    expect(() => parseCli(['--bogus'], {})).toThrow(OptionError);
    expect(() => parseCli(['--no-port'], {})).toThrow(OptionError);
    expect(() => parseCli(['--fault-rate', '2'], {})).toThrow(OptionError);
    expect(() => parseCli(['--seed'], {})).toThrow(OptionError);
    expect(() => parseCli(['--window', '25:00-03:00'], {})).toThrow(OptionError);
    expect(parseCli(['--help'], {}).help).toBe(true);
  });

  it('latency', () => {
    expect(parseLatency('0-200ms')).toEqual([0, 200]);
    expect(parseLatency('50')).toEqual([50, 50]);
    expect(parseLatency('0')).toBeNull();
    expect(() => parseLatency('9-1')).toThrow();
  });
});

describe('service window', () => {
  it('parses and evaluates across midnight and in other zones', () => {
    const w = parseWindow('23:00-01:00@UTC');
    expect(windowState(w, new Date('2025-01-01T23:30:00Z'))).toMatchObject({ open: false, retryAfter: 5400 });
    expect(windowState(w, new Date('2025-01-01T00:59:59Z'))).toMatchObject({ open: false, retryAfter: 1 });
    expect(windowState(w, new Date('2025-01-01T01:00:00Z'))).toMatchObject({ open: true, retryAfter: 0 });
    expect(windowState(null, new Date())).toMatchObject({ open: true });
    const wib = parseWindow('00:00-03:00');
    expect(wib.timeZone).toBe('Asia/Jakarta');
    expect(windowState(wib, new Date('2025-01-01T17:00:00Z')).open).toBe(false);
    expect(windowState(wib, new Date('2025-01-01T16:59:59Z')).open).toBe(true);
    expect(() => parseWindow('3-4')).toThrow();
    expect(() => parseWindow('00:00-03:00@Mars/Olympus')).toThrow();
  });
});
