/**
 * The nightly service window: Dapodik's central replica is rebuilt 00:00–03:00 WIB and e-Rapor refuses
 * to sync then (reference-dapodik §1.1). The sync API answers 503 with Retry-After inside it.
 */
export interface ServiceWindow {
  /** Minutes after local midnight; the window is [start, end), possibly across midnight. */
  start: number;
  end: number;
  timeZone: string;
  spec: string;
}

export interface WindowState {
  /** true = the service is available (outside the window). */
  open: boolean;
  /** When the service opens again (null while open). */
  opensAt: Date | null;
  /** When the next window starts (null while closed). */
  closesAt: Date | null;
  /** When the current window started (null while open). */
  closedAt: Date | null;
  /** Seconds until it opens (0 while open). */
  retryAfter: number;
}

const minutes = (hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number);
  return (h as number) * 60 + (m as number);
};

export function parseWindow(spec: string): ServiceWindow {
  const m = /^(\d{1,2}:\d{2})-(\d{1,2}:\d{2})(?:@(.+))?$/.exec(spec.trim());
  if (!m) throw new Error(`service window: expected HH:MM-HH:MM@Zone, got "${spec}"`);
  const timeZone = m[3] ?? 'Asia/Jakarta';
  // Throws RangeError for an unknown zone: better at start-up than on the first request.
  new Intl.DateTimeFormat('en-GB', { timeZone });
  const start = minutes(m[1] as string);
  const end = minutes(m[2] as string);
  if (start >= 1440 || end > 1440 || start === end) throw new Error(`service window: bad times in "${spec}"`);
  return { start, end, timeZone, spec };
}

const formatters = new Map<string, Intl.DateTimeFormat>();
/** Seconds since local midnight in the zone. */
function localSeconds(now: Date, timeZone: string): number {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, f);
  }
  const parts = Object.fromEntries(f.formatToParts(now).map((p) => [p.type, p.value]));
  return Number(parts.hour) * 3600 + Number(parts.minute) * 60 + Number(parts.second);
}

export function windowState(w: ServiceWindow | null, now: Date): WindowState {
  if (!w) return { open: true, opensAt: null, closesAt: null, closedAt: null, retryAfter: 0 };
  const day = 86_400;
  const s = localSeconds(now, w.timeZone);
  const start = w.start * 60;
  const end = w.end * 60;
  const inside = start < end ? s >= start && s < end : s >= start || s < end;
  const until = (t: number) => (t - s + day) % day || day;
  if (inside) {
    const retryAfter = until(end);
    const since = (s - start + day) % day;
    return {
      open: false,
      opensAt: new Date(now.getTime() + retryAfter * 1000),
      closesAt: null,
      closedAt: new Date(now.getTime() - since * 1000),
      retryAfter,
    };
  }
  return {
    open: true,
    opensAt: null,
    closesAt: new Date(now.getTime() + until(start) * 1000),
    closedAt: null,
    retryAfter: 0,
  };
}
