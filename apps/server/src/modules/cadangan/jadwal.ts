import { rm } from 'node:fs/promises';
import {
  CADANGAN_JADWAL_DEFAULT,
  CADANGAN_JADWAL_MESSAGES,
  type CadanganJadwal,
  type CadanganKeadaan,
  cadanganJadwalSchema,
  cadanganStatus,
} from '@erapor/contract/cadangan';
import type { Db } from '../../db/client';
import { sekolah } from '../../db/tables/sekolah';
import { getSettings, setSetting } from '../sekolah/service';
import { SETTING_KEYS } from '../sekolah/settings';
import { listArchives, newestArchive, parseArchiveName } from './files';
import { type CadanganDeps, claim, makeBackup } from './service';

/**
 * Scheduled backups (issue 16 item 2).
 *
 * - Each school has a daily time (server's local clock), on by default at 02:00, kept 14 days;
 *   stored in `settings` (school-wide), so a restore brings the schedule of its time back too.
 * - A run is due when no scheduled archive was made since the latest slot (today's time if it has
 *   passed, else yesterday's). A server switched off at night therefore backs up soon after it
 *   starts in the morning instead of never; `startScheduler` waits a few minutes after start first.
 * - One backup or restore at a time (the slot of service.ts): a busy minute is tried again the next.
 * - Retention runs only after a new scheduled archive was made and read back whole: scheduled
 *   archives older than the kept days go, never the newest one. Archives made by hand, before a
 *   restore or uploaded are the administrator's to delete.
 * - The outcome (time, message when it failed) is stored for the Cadangan screen and the Beranda.
 */

/** School-wide settings (no semester): a value stored for one semester never applies here. */
const SCHOOL_WIDE = '';

async function readSetting(db: Db, sekolahId: string, key: string): Promise<string | null> {
  return (await getSettings(db, { sekolahId }, SCHOOL_WIDE))[key] ?? null;
}

const writeSetting = (db: Db, sekolahId: string, key: string, value: string) =>
  setSetting(db, { sekolahId }, { key, value, semesterId: null });

function parseJson<T>(value: string | null, check: (v: unknown) => T | null): T | null {
  if (!value) return null;
  try {
    return check(JSON.parse(value));
  } catch {
    return null;
  }
}

export async function readJadwal(db: Db, sekolahId: string): Promise<CadanganJadwal> {
  const stored = parseJson(await readSetting(db, sekolahId, SETTING_KEYS.cadanganJadwal), (v) => {
    const r = cadanganJadwalSchema.safeParse(v);
    return r.success ? r.data : null;
  });
  return stored ?? CADANGAN_JADWAL_DEFAULT;
}

export async function saveJadwal(db: Db, sekolahId: string, jadwal: CadanganJadwal): Promise<void> {
  await writeSetting(db, sekolahId, SETTING_KEYS.cadanganJadwal, JSON.stringify(jadwal));
}

type Hasil = NonNullable<CadanganKeadaan['jadwalTerakhir']>;

async function readHasil(db: Db, sekolahId: string): Promise<Hasil | null> {
  return parseJson(await readSetting(db, sekolahId, SETTING_KEYS.cadanganJadwalHasil), (v) => {
    const o = v as Partial<Hasil>;
    return typeof o?.waktu === 'string' ? { waktu: o.waktu, gagal: o.gagal ?? null } : null;
  });
}

/** The newest good backup and the last scheduled run, as the screen and the Beranda show them. */
export async function keadaan(
  db: Db,
  backupDir: string,
  sekolahId: string,
  npsn: string,
  now: Date,
): Promise<CadanganKeadaan> {
  // An upload is left out: its name tells when it arrived, not what state it holds.
  const terakhir = newestArchive(backupDir, npsn, (kind) => kind !== 'unggahan');
  return {
    terakhir: terakhir?.toISOString() ?? null,
    status: cadanganStatus(terakhir, now),
    jadwalTerakhir: await readHasil(db, sekolahId),
  };
}

/** The latest time at or before `now` that the schedule named ("HH:MM", local clock). */
export function latestSlot(jam: string, now: Date): Date {
  const [h = 0, m = 0] = jam.split(':').map(Number);
  const slot = new Date(now.getFullYear(), now.getMonth(), now.getDate(), h, m, 0, 0);
  if (slot > now) slot.setDate(slot.getDate() - 1);
  return slot;
}

export function isDue(jadwal: CadanganJadwal, backupDir: string, npsn: string, now: Date): boolean {
  if (!jadwal.aktif) return false;
  const last = newestArchive(backupDir, npsn, (kind) => kind === 'terjadwal');
  return !last || last < latestSlot(jadwal.jam, now);
}

/**
 * Removes the school's scheduled archives older than `simpanHari` days, keeping the newest
 * scheduled one whatever its age. Called only after a newer archive was verified.
 */
export async function pruneScheduled(
  backupDir: string,
  npsn: string,
  simpanHari: number,
  now: Date,
): Promise<string[]> {
  const cutoff = now.getTime() - simpanHari * 86_400_000;
  const scheduled = listArchives(backupDir, npsn)
    .map((a) => ({ ...a, parsed: parseArchiveName(a.name) }))
    .filter((a) => a.parsed?.kind === 'terjadwal')
    .sort((a, b) => (b.parsed?.time.getTime() ?? 0) - (a.parsed?.time.getTime() ?? 0));
  const removed: string[] = [];
  for (const a of scheduled.slice(1)) {
    if ((a.parsed?.time.getTime() ?? 0) < cutoff) {
      await rm(a.file, { force: true });
      removed.push(a.name);
    }
  }
  return removed;
}

export interface ScheduledRun {
  npsn: string;
  made?: string;
  removed?: string[];
  error?: string;
  /** Another backup or restore held the slot: tried again at the next tick. */
  busy?: boolean;
}

/**
 * One tick of the schedule: every school whose slot has passed without a scheduled archive gets
 * one (one after another), then its old scheduled archives are pruned.
 */
export async function runDueBackups(
  deps: CadanganDeps,
  log?: (message: string, err?: unknown) => void,
): Promise<ScheduledRun[]> {
  const db = deps.database.db;
  const schools = await db.select({ sekolahId: sekolah.sekolahId, npsn: sekolah.npsn }).from(sekolah);
  const runs: ScheduledRun[] = [];
  for (const s of schools) {
    const jadwal = await readJadwal(db, s.sekolahId);
    if (!isDue(jadwal, deps.backupDir, s.npsn, deps.now())) continue;
    const release = claim();
    if (!release) {
      runs.push({ npsn: s.npsn, busy: true });
      continue;
    }
    const started = deps.now();
    try {
      const made = await makeBackup(deps, s.sekolahId, 'terjadwal');
      const removed = await pruneScheduled(deps.backupDir, s.npsn, jadwal.simpanHari, deps.now());
      await writeSetting(
        db,
        s.sekolahId,
        SETTING_KEYS.cadanganJadwalHasil,
        JSON.stringify({ waktu: started.toISOString(), gagal: null }),
      );
      runs.push({ npsn: s.npsn, made: made.name, removed });
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      log?.(`scheduled backup of ${s.npsn} failed`, err);
      await writeSetting(
        db,
        s.sekolahId,
        SETTING_KEYS.cadanganJadwalHasil,
        JSON.stringify({ waktu: started.toISOString(), gagal: CADANGAN_JADWAL_MESSAGES.failed(message) }),
      ).catch(() => undefined);
      runs.push({ npsn: s.npsn, error: message });
    } finally {
      release();
    }
  }
  return runs;
}

/**
 * The timer: first look `startDelayMs` after start (a morning start is not slowed by a backup),
 * then every minute. Returns the stop function for the app's close hook, which also waits for a
 * run in progress.
 */
export function startScheduler(
  deps: CadanganDeps,
  log: (message: string, err?: unknown) => void,
  opts: { startDelayMs?: number; everyMs?: number } = {},
): () => Promise<void> {
  let running: Promise<unknown> | null = null;
  let stopped = false;
  const tick = () => {
    if (stopped || running) return;
    running = runDueBackups(deps, log)
      .catch((err) => log('backup schedule failed', err))
      .finally(() => {
        running = null;
      });
  };
  let every: NodeJS.Timeout | undefined;
  const first = setTimeout(
    () => {
      tick();
      every = setInterval(tick, opts.everyMs ?? 60_000);
      every.unref();
    },
    opts.startDelayMs ?? 5 * 60_000,
  );
  first.unref();
  return async () => {
    stopped = true;
    clearTimeout(first);
    if (every) clearInterval(every);
    await running;
  };
}
