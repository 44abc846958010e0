import { SUMBER_DAPODIK_SETTING, type SumberDapodik, sumberDapodik } from '@erapor/contract/sekolah';
import { SYNC_MESSAGES } from '@erapor/contract/sinkronisasi';
import { eq } from 'drizzle-orm';
import type { Actor } from '../../actor';
import type { Db } from '../../db/client';
import { sekolah } from '../../db/tables/sekolah';
import { getSettings } from '../sekolah/service';
import { getDapodikToken, SETTING_KEYS } from '../sekolah/settings';
import { DapodikError, SyncApiClient } from './client';
import { WebServiceSource } from './sources/webservice';

/*
 * How Ambil Data reaches Dapodik: the school's settings (URL, token, NPSN, sumber_dapodik) and the
 * two sources behind them (decision 016 "Two sources"). Both the overview (Dapodik's counts) and
 * the run (the pages of each kind) read through here, so neither has to know the other.
 * Rules:
 *  - no URL, token or school row → no connection (null): the caller says "not configured";
 *  - sumber_dapodik `webservice` goes straight to the Web Service; `sync` and `auto` try /sync/v1
 *    first, and only `auto` falls back to the Web Service when the server answers /sync/v1 with 404.
 */

export interface Connection {
  url: string;
  token: string;
  npsn: string;
  /** sumber_dapodik: /sync/v1, the Web Service, or auto (the Web Service when /sync/v1 is missing). */
  source: SumberDapodik;
}

export async function connectionOf(db: Db, actor: Actor, encryptionKey: Buffer): Promise<Connection | null> {
  const settings = await getSettings(db, actor, actor.semesterId);
  const url = settings[SETTING_KEYS.urlDapodik];
  const token = await getDapodikToken(db, actor, encryptionKey);
  const [s] = await db
    .select({ npsn: sekolah.npsn })
    .from(sekolah)
    .where(eq(sekolah.sekolahId, actor.sekolahId));
  if (!url || !token || !s) return null;
  return { url, token, npsn: s.npsn, source: sumberDapodik(settings[SUMBER_DAPODIK_SETTING]) };
}

export interface DapodikStatus {
  ptk?: number;
  rombel?: { reguler?: number; pilihan?: number; ekskul?: number };
  pd_aktif?: number;
  pd_keluar?: number;
  anggota_pilihan?: number;
  pembelajaran?: number;
  ekskul?: number;
  anggota_ekskul?: number;
  dudi?: number;
  service_window?: { open?: boolean; opens_at?: string | null; closed_at?: string | null };
}

export function syncClient(
  conn: Connection,
  options: Partial<ConstructorParameters<typeof SyncApiClient>[0]> = {},
) {
  return new SyncApiClient({ baseUrl: conn.url, token: conn.token, npsn: conn.npsn, ...options });
}

export type SourceOptions = Partial<ConstructorParameters<typeof WebServiceSource>[0]>;

export function wsSource(conn: Connection, semesterId: string, options: SourceOptions = {}) {
  return new WebServiceSource({
    baseUrl: conn.url,
    token: conn.token,
    npsn: conn.npsn,
    semesterId,
    ...options,
  });
}

/** A server without the neutral API (the school's own Dapodik) answers its paths with 404. */
const noSyncApi = (conn: Connection, err: unknown) =>
  conn.source === 'auto' &&
  err instanceof DapodikError &&
  err.kind === 'server_error' &&
  err.message === SYNC_MESSAGES.serverError(404);

/**
 * Dapodik's `status` from the source the settings choose: /sync/v1, or the Web Service when the
 * school says so or when the server has no /sync/v1 (decision 016 "Two sources").
 */
export async function statusOf(
  conn: Connection,
  semesterId: string,
  options: SourceOptions,
  /** The start of a run needs no counts: through the Web Service, getSekolah checks the connection. */
  checkOnly = false,
): Promise<{ data: DapodikStatus; semesterId: string | null; webService: boolean }> {
  if (conn.source !== 'webservice') {
    try {
      return { ...(await syncClient(conn, options).document<DapodikStatus>('status')), webService: false };
    } catch (err) {
      if (!noSyncApi(conn, err)) throw err;
    }
  }
  const ws = wsSource(conn, semesterId, options);
  if (checkOnly) {
    await ws.document('sekolah');
    return { data: {}, semesterId: null, webService: true };
  }
  return { ...(await ws.document<DapodikStatus>('status')), webService: true };
}
