import { isMerdeka } from '@erapor/contract/penilaian/rules';
import {
  type CekKoneksi,
  type CekKoneksiResponse,
  type GenerateMatevResult,
  type KirimItemStatus,
  type KirimNilaiItem,
  type KirimNilaiOverview,
  type KirimNilaiResult,
  KIRIM_NILAI_MESSAGES as M,
  maskToken,
} from '@erapor/contract/sinkronisasi-kirim';
import { eq, sql } from 'drizzle-orm';
import type { Actor } from '../../../actor';
import type { Db } from '../../../db/client';
import { sqlRows } from '../../../db/sql-rows';
import { sekolah } from '../../../db/tables/sekolah';
import { AppError, fieldError } from '../../../lib/errors';
import { encryptText } from '../../../secrets';
import { gradableSql } from '../../penilaian/access';
import { getSettings, setSetting } from '../../sekolah/service';
import { getDapodikToken, SETTING_KEYS } from '../../sekolah/settings';
import { DapodikError } from '../client';
import { type Rombel, reconcileMatev } from './matev';
import { send } from './send';
import { WebServiceClient } from './webservice-client';

/*
 * Kirim Nilai ke Dapodik (reference-dapodik §4.2, §7.6; decision 017). Per rombel: reconcile the
 * mata evaluasi with Dapodik (take Dapodik's id where it has one, else a name-based UUID), post the
 * matev, then one postNilai per pupil and subject with a name-based nilai_id. Every item's outcome
 * is stored (kirim_nilai_item), so a re-run posts only what failed, was never sent or changed.
 * Here: the overview, Cek Koneksi, the lists and the entry points; the reconciliation of the matev
 * is matev.ts, the sending send.ts, the stored items items.ts.
 */

interface Connection {
  url: string;
  token: string;
  npsn: string;
}

async function npsnOf(db: Db, sekolahId: string): Promise<string> {
  const [s] = await db.select({ npsn: sekolah.npsn }).from(sekolah).where(eq(sekolah.sekolahId, sekolahId));
  return s?.npsn ?? '';
}

async function connectionOf(db: Db, actor: Actor, key: Buffer): Promise<Connection> {
  const settings = await getSettings(db, actor, actor.semesterId);
  const url = settings[SETTING_KEYS.urlDapodik];
  const token = await getDapodikToken(db, actor, key);
  if (!url || !token) throw new AppError(422, 'DAPODIK_NOT_CONFIGURED', M.notConfigured);
  return { url, token, npsn: await npsnOf(db, actor.sekolahId) };
}

function clientOf(c: Connection, semesterId: string): WebServiceClient {
  try {
    return new WebServiceClient({ baseUrl: c.url, token: c.token, npsn: c.npsn, semesterId });
  } catch (e) {
    throw dapodikFailure(e);
  }
}

/** A transport fault as an API error (502: the fault is on the Dapodik side). */
function dapodikFailure(e: unknown): unknown {
  if (e instanceof DapodikError) return new AppError(502, `DAPODIK_${e.kind.toUpperCase()}`, e.message);
  return e;
}

// --- settings and connection ---

export async function getOverview(db: Db, actor: Actor, key: Buffer): Promise<KirimNilaiOverview> {
  const settings = await getSettings(db, actor, actor.semesterId);
  let token: string | null = null;
  try {
    token = await getDapodikToken(db, actor, key);
  } catch {
    token = null;
  }
  const url = settings[SETTING_KEYS.urlDapodik] ?? null;
  return {
    semester_id: actor.semesterId,
    npsn: await npsnOf(db, actor.sekolahId),
    configured: Boolean(url && token),
    url_dapodik: url,
    token_masked: maskToken(token),
    rombel: await listRombel(db, actor),
  };
}

/** "Cek Koneksi": getSekolah with the URL and token given; both are saved only when it answers. */
export async function cekKoneksi(
  db: Db,
  actor: Actor,
  key: Buffer,
  input: CekKoneksi,
): Promise<CekKoneksiResponse> {
  const token = input.token_dapodik || (await getDapodikToken(db, actor, key));
  if (!token) throw fieldError('token_dapodik', M.tokenRequired);
  const npsn = await npsnOf(db, actor.sekolahId);
  let nama: string | null = null;
  try {
    const client = new WebServiceClient({
      baseUrl: input.url_dapodik,
      token,
      npsn,
      semesterId: actor.semesterId,
      attempts: 2,
    });
    const { rows } = await client.get('getSekolah');
    const row = (Array.isArray(rows) ? rows[0] : rows) as Record<string, unknown> | undefined;
    if (!row || typeof row !== 'object')
      throw new DapodikError('malformed', 'Jawaban getSekolah kosong.', true);
    if (row.npsn != null && String(row.npsn).trim() !== npsn)
      throw new DapodikError('not_found', M.npsnMismatch(npsn), true);
    nama = typeof row.nama === 'string' ? row.nama : null;
  } catch (e) {
    if (!(e instanceof DapodikError)) throw e;
    throw new AppError(422, 'DAPODIK_CONNECTION_FAILED', M.connectFailed(e.message));
  }
  const url = input.url_dapodik.trim().replace(/\/+$/, '');
  await db.transaction(async (tx) => {
    await setSetting(tx, actor, { key: SETTING_KEYS.urlDapodik, value: url, semesterId: null });
    await setSetting(tx, actor, {
      key: SETTING_KEYS.tokenDapodik,
      value: encryptText(key, token),
      semesterId: null,
    });
  });
  return { message: M.connected, nama_sekolah: nama, token_masked: maskToken(token) };
}

// --- the rombel list ---

type RombelRow = {
  rombongan_belajar_id: string;
  nama: string;
  tingkat: number;
  jenis_rombel: number;
  wali_kelas: string | null;
  dapodik: boolean;
  pembelajaran: number | string;
  matev: number | string | null;
  matev_terkirim: number | string | null;
  nilai_terkirim: number | string | null;
  nilai_gagal: number | string | null;
  nilai_dilewati: number | string | null;
  last_sent_at: string | Date | null;
};

export async function listRombel(db: Db, actor: Actor) {
  const rows = await sqlRows<RombelRow>(
    db,
    sql`
    select r.rombongan_belajar_id, r.nama, r.tingkat, r.jenis_rombel, g.nama as wali_kelas,
      r.rombongan_belajar_id_dapodik is not null as dapodik,
      (select count(*) from pembelajaran p where p.rombongan_belajar_id = r.rombongan_belajar_id
         and p.induk_pembelajaran_id is null and ${gradableSql('p')}) as pembelajaran,
      i.matev, i.matev_terkirim, i.nilai_terkirim, i.nilai_gagal, i.nilai_dilewati, i.last_sent_at
    from rombongan_belajar r
    left join guru g on g.guru_id = r.guru_id
    left join (
      select rombongan_belajar_id,
        count(*) filter (where jenis = 'matev' and status <> 'skipped') as matev,
        count(*) filter (where jenis = 'matev' and status = 'sent') as matev_terkirim,
        count(*) filter (where jenis = 'nilai' and status = 'sent') as nilai_terkirim,
        count(*) filter (where jenis = 'nilai' and status = 'failed') as nilai_gagal,
        count(*) filter (where jenis = 'nilai' and status = 'skipped') as nilai_dilewati,
        max(sent_at) as last_sent_at
      from kirim_nilai_item where sekolah_id = ${actor.sekolahId} and semester_id = ${actor.semesterId}
      group by rombongan_belajar_id
    ) i on i.rombongan_belajar_id = r.rombongan_belajar_id
    where r.sekolah_id = ${actor.sekolahId} and r.semester_id = ${actor.semesterId}
      and r.deleted_at is null and r.jenis_rombel in (1, 16)
    order by r.jenis_rombel, r.tingkat, r.nama`,
  );
  const n = (v: number | string | null) => Number(v ?? 0);
  return rows.map((r) => ({
    rombongan_belajar_id: r.rombongan_belajar_id,
    nama: r.nama,
    tingkat: Number(r.tingkat),
    jenis_rombel: Number(r.jenis_rombel),
    wali_kelas: r.wali_kelas,
    dapodik: Boolean(r.dapodik),
    pembelajaran: n(r.pembelajaran),
    matev: n(r.matev),
    matev_terkirim: n(r.matev_terkirim),
    nilai_terkirim: n(r.nilai_terkirim),
    nilai_gagal: n(r.nilai_gagal),
    nilai_dilewati: n(r.nilai_dilewati),
    last_sent_at: r.last_sent_at ? new Date(r.last_sent_at).toISOString() : null,
  }));
}

// --- one rombel ---

async function loadRombel(db: Db, actor: Actor, rombelId: string): Promise<Rombel> {
  const [r] = await sqlRows<{
    id: string;
    dapodik_id: string | null;
    nama: string;
    kurikulum: string | null;
  }>(
    db,
    sql`select r.rombongan_belajar_id as id, r.rombongan_belajar_id_dapodik as dapodik_id, r.nama,
          k.nama_kurikulum as kurikulum
        from rombongan_belajar r left join ref_kurikulum k on k.kurikulum_id = r.kurikulum_id
        where r.rombongan_belajar_id = ${rombelId} and r.sekolah_id = ${actor.sekolahId}
          and r.semester_id = ${actor.semesterId} and r.deleted_at is null and r.jenis_rombel in (1, 16)`,
  );
  if (!r) throw new AppError(404, 'NOT_FOUND', M.rombelNotFound);
  if (!r.dapodik_id) throw new AppError(422, 'ROMBEL_NOT_DAPODIK', M.rombelNotDapodik);
  return { id: r.id, dapodikId: r.dapodik_id, nama: r.nama, merdeka: isMerdeka(r.kurikulum) };
}

/** Serialises work per rombel inside this process (a second click gets 409). */
const busy = new Set<string>();

async function exclusive<T>(key: string, fn: () => Promise<T>): Promise<T> {
  if (busy.has(key)) throw new AppError(409, 'CONFLICT', M.busy);
  busy.add(key);
  try {
    return await fn();
  } finally {
    busy.delete(key);
  }
}

export async function generateMatev(
  db: Db,
  actor: Actor,
  key: Buffer,
  rombelId: string,
): Promise<GenerateMatevResult> {
  const rombel = await loadRombel(db, actor, rombelId);
  const client = clientOf(await connectionOf(db, actor, key), actor.semesterId);
  return exclusive(`${actor.sekolahId}|${rombelId}`, async () => {
    try {
      const r = await reconcileMatev(db, actor, client, rombel);
      if (r.matev.length === 0 && r.skipped.length === 0)
        throw new AppError(422, 'NO_PEMBELAJARAN', M.noPembelajaran(rombel.nama));
      return {
        dari_dapodik: r.fromDapodik,
        dibuat: r.created,
        dilewati: r.skipped.length,
        message: M.matevGenerated(r.fromDapodik, r.created, rombel.nama),
      };
    } catch (e) {
      throw dapodikFailure(e);
    }
  });
}

/** Kirim Nilai of one rombel (§7.6 steps 1–4). */
export async function kirimNilai(
  db: Db,
  actor: Actor,
  key: Buffer,
  rombelId: string,
): Promise<KirimNilaiResult> {
  const rombel = await loadRombel(db, actor, rombelId);
  const client = clientOf(await connectionOf(db, actor, key), actor.semesterId);
  return exclusive(`${actor.sekolahId}|${rombelId}`, async () => {
    try {
      return await send(db, actor, client, rombel);
    } catch (e) {
      throw dapodikFailure(e);
    }
  });
}

/** Every item of a rombel with its stored status (the "Mata Evaluasi" and per-pupil view). */
export async function listItems(db: Db, actor: Actor, rombelId: string): Promise<KirimNilaiItem[]> {
  const rows = await sqlRows<{
    jenis: 'matev' | 'nilai';
    pembelajaran_id: string;
    nama_mata_pelajaran: string | null;
    peserta_didik: string | null;
    nilai: number | null;
    status: KirimItemStatus;
    message: string | null;
    sent_at: string | Date | null;
  }>(
    db,
    sql`select i.jenis, i.pembelajaran_id, p.nama_mata_pelajaran, pd.nama as peserta_didik,
          (i.payload ->> 'nilai_kognitif_angka')::int as nilai, i.status, i.message, i.sent_at
        from kirim_nilai_item i
        left join pembelajaran p on p.pembelajaran_id = i.pembelajaran_id
        left join anggota_rombel a on a.anggota_rombel_id = i.anggota_rombel_id
        left join peserta_didik pd on pd.peserta_didik_id = a.peserta_didik_id
        where i.sekolah_id = ${actor.sekolahId} and i.semester_id = ${actor.semesterId}
          and i.rombongan_belajar_id = ${rombelId}
        order by i.jenis, p.no_urut, p.nama_mata_pelajaran, pd.nama`,
  );
  return rows.map((r) => ({
    jenis: r.jenis,
    pembelajaran_id: r.pembelajaran_id,
    nama_mata_pelajaran: r.nama_mata_pelajaran ?? '-',
    peserta_didik: r.peserta_didik,
    nilai: r.nilai === null ? null : Number(r.nilai),
    status: r.status,
    outcome: null,
    message: r.message,
    sent_at: r.sent_at ? new Date(r.sent_at).toISOString() : null,
  }));
}
