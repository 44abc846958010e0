import { isMerdeka, KOMPETENSI, takesMapel } from '@erapor/contract/penilaian/rules';
import {
  type CekKoneksi,
  type CekKoneksiResponse,
  type GenerateMatevResult,
  type KirimCounts,
  type KirimItemStatus,
  type KirimNilaiItem,
  type KirimNilaiOverview,
  type KirimNilaiResult,
  KIRIM_NILAI_MESSAGES as M,
  maskToken,
  namaMataEvaluasi,
} from '@erapor/contract/sinkronisasi-kirim';
import { and, eq, sql } from 'drizzle-orm';
import type { Actor } from '../../../actor';
import type { Db } from '../../../db/client';
import { AppError, fieldError } from '../../../plugins/errors';
import { encryptText } from '../../../secrets';
import { users } from '../../pengguna/tables';
import { gradableSql } from '../../penilaian/access';
import { getSettings, setSetting } from '../../sekolah/service';
import { getDapodikToken, SETTING_KEYS } from '../../sekolah/settings';
import { sqlRows } from '../../sekolah/sql-rows';
import { sekolah } from '../../sekolah/tables';
import { DapodikError } from '../client';
import { matevId, nilaiId, payloadHash } from './ids';
import { kirimNilaiItem } from './tables';
import { WebServiceClient } from './webservice-client';

/*
 * Kirim Nilai ke Dapodik (reference-dapodik §4.2, §7.6; decision 017). Per rombel: reconcile the
 * mata evaluasi with Dapodik (take Dapodik's id where it has one, else a name-based UUID), post the
 * matev, then one postNilai per pupil and subject with a name-based nilai_id. Every item's outcome
 * is stored (kirim_nilai_item), so a re-run posts only what failed, was never sent or changed.
 */

/** Concurrent postNilai calls (§7.3: at most 5). */
export const NILAI_CONCURRENCY = 4;

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

interface Rombel {
  id: string;
  dapodikId: string | null;
  nama: string;
  merdeka: boolean;
}

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

type PembelajaranRow = {
  pembelajaran_id: string;
  dapodik_id: string | null;
  mata_pelajaran_id: number;
  nama: string;
  no_urut: number | null;
};

async function pembelajaranOf(db: Db, rombelId: string): Promise<PembelajaranRow[]> {
  const rows = await sqlRows<PembelajaranRow>(
    db,
    sql`select p.pembelajaran_id, p.pembelajaran_id_dapodik as dapodik_id, p.mata_pelajaran_id,
          p.nama_mata_pelajaran as nama, p.no_urut
        from pembelajaran p
        where p.rombongan_belajar_id = ${rombelId} and p.induk_pembelajaran_id is null and ${gradableSql('p')}
        order by p.kelompok_id, p.no_urut, p.nama_mata_pelajaran, p.pembelajaran_id`,
  );
  return rows.map((r) => ({ ...r, mata_pelajaran_id: Number(r.mata_pelajaran_id) }));
}

type ItemRow = typeof kirimNilaiItem.$inferSelect;

async function itemsOf(db: Db, actor: Actor, rombelId: string): Promise<Map<string, ItemRow>> {
  const rows = await db
    .select()
    .from(kirimNilaiItem)
    .where(
      and(eq(kirimNilaiItem.sekolahId, actor.sekolahId), eq(kirimNilaiItem.rombonganBelajarId, rombelId)),
    );
  return new Map(rows.map((r) => [r.itemKey, r]));
}

type ItemWrite = {
  pembelajaranId: string;
  anggotaRombelId: string | null;
  jenis: 'matev' | 'nilai';
  itemKey: string;
  dapodikId: string;
  payload: unknown;
  sentHash: string | null;
  status: KirimItemStatus;
  message: string | null;
  sentAt: Date | null;
};

async function saveItems(db: Db, actor: Actor, rombelId: string, items: ItemWrite[]): Promise<void> {
  for (let i = 0; i < items.length; i += 200) {
    const chunk = items.slice(i, i + 200);
    await db
      .insert(kirimNilaiItem)
      .values(
        chunk.map((it) => ({
          sekolahId: actor.sekolahId,
          semesterId: actor.semesterId,
          rombonganBelajarId: rombelId,
          ...it,
        })),
      )
      .onConflictDoUpdate({
        target: [kirimNilaiItem.sekolahId, kirimNilaiItem.itemKey],
        set: {
          dapodikId: sql`excluded.dapodik_id`,
          payload: sql`excluded.payload`,
          sentHash: sql`excluded.sent_hash`,
          status: sql`excluded.status`,
          message: sql`excluded.message`,
          sentAt: sql`excluded.sent_at`,
          updatedAt: sql`now()`,
        },
      });
  }
}

interface Matev {
  pembelajaran: PembelajaranRow;
  itemKey: string;
  idEvaluasi: string;
  payload: Record<string, unknown>;
  hash: string;
  stored: ItemRow | undefined;
}

interface Reconciled {
  matev: Matev[];
  /** Pembelajaran without a Dapodik id: no matev possible. */
  skipped: PembelajaranRow[];
  fromDapodik: number;
  created: number;
}

const str = (v: unknown) => (v === null || v === undefined || v === '' ? null : String(v));

/**
 * §7.6 step 2: Dapodik's mata evaluasi of the rombel (getMatevNilai?a_dari_template=1), matched by
 * pembelajaran (or subject when Dapodik has none); one is created for every other top-level
 * pembelajaran, with our stored id, else a name-based one. The result is stored (status kept).
 */
async function reconcileMatev(
  db: Db,
  actor: Actor,
  client: WebServiceClient,
  rombel: Rombel,
): Promise<Reconciled> {
  const [list, stored] = await Promise.all([pembelajaranOf(db, rombel.id), itemsOf(db, actor, rombel.id)]);
  const remote = (
    await client.list<Record<string, unknown>>('getMatevNilai', {
      a_dari_template: '1',
      rombongan_belajar_id: rombel.dapodikId ?? '',
    })
  ).filter((m) => str(m.rombongan_belajar_id) === rombel.dapodikId && Number(m.soft_delete ?? 0) !== 1);
  const out: Reconciled = { matev: [], skipped: [], fromDapodik: 0, created: 0 };
  const writes: ItemWrite[] = [];
  list.forEach((p, index) => {
    const itemKey = `matev:${p.pembelajaran_id}`;
    const own = stored.get(itemKey);
    if (!p.dapodik_id) {
      out.skipped.push(p);
      writes.push({
        pembelajaranId: p.pembelajaran_id,
        anggotaRombelId: null,
        jenis: 'matev',
        itemKey,
        dapodikId: own?.dapodikId ?? matevId(actor.sekolahId, rombel.id, p.pembelajaran_id),
        payload: null,
        sentHash: own?.sentHash ?? null,
        status: 'skipped',
        message: M.pembelajaranNotDapodik,
        sentAt: own?.sentAt ?? null,
      });
      return;
    }
    const theirs =
      remote.find((m) => str(m.pembelajaran_id) === p.dapodik_id) ??
      remote.find((m) => !str(m.pembelajaran_id) && Number(m.mata_pelajaran_id) === p.mata_pelajaran_id);
    const idEvaluasi =
      str(theirs?.id_evaluasi) ?? own?.dapodikId ?? matevId(actor.sekolahId, rombel.id, p.pembelajaran_id);
    if (theirs) out.fromDapodik++;
    else if (!own || own.status === 'skipped') out.created++;
    const payload = {
      id_evaluasi: idEvaluasi,
      rombongan_belajar_id: rombel.dapodikId,
      mata_pelajaran_id: p.mata_pelajaran_id,
      pembelajaran_id: p.dapodik_id,
      nm_mata_evaluasi: theirs
        ? (str(theirs.nm_mata_evaluasi) ?? namaMataEvaluasi(p.nama))
        : namaMataEvaluasi(p.nama),
      a_dari_template: 1,
      no_urut: p.no_urut ?? index + 1,
      kkm_kognitif: null,
      kkm_psikomotorik: null,
      soft_delete: 0,
    };
    const hash = payloadHash(payload);
    // A different id than the one Dapodik accepted before: it must be sent again.
    const sameId = own?.dapodikId === idEvaluasi;
    out.matev.push({ pembelajaran: p, itemKey, idEvaluasi, payload, hash, stored: sameId ? own : undefined });
    writes.push({
      pembelajaranId: p.pembelajaran_id,
      anggotaRombelId: null,
      jenis: 'matev',
      itemKey,
      dapodikId: idEvaluasi,
      payload,
      sentHash: sameId ? (own?.sentHash ?? null) : null,
      status: sameId && own && own.status !== 'skipped' ? (own.status as KirimItemStatus) : 'pending',
      message: sameId ? (own?.message ?? null) : null,
      sentAt: sameId ? (own?.sentAt ?? null) : null,
    });
  });
  await saveItems(db, actor, rombel.id, writes);
  return out;
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

/** §7.6 step 1: the `pengguna_id` of the administrator's e-mail (else the school's operator). */
async function updaterId(db: Db, actor: Actor, client: WebServiceClient): Promise<string> {
  const [u] = await db.select({ email: users.email }).from(users).where(eq(users.id, actor.userId));
  const email = (u?.email ?? '').toLowerCase();
  const list = await client.list<Record<string, unknown>>('getPengguna');
  const mine = list.find((p) => String(p.username ?? '').toLowerCase() === email && email);
  const operator = list.find((p) => /operator/i.test(String(p.peran_id_str ?? '')));
  const id = str((mine ?? operator)?.pengguna_id);
  if (!id) throw new AppError(422, 'DAPODIK_NO_UPDATER', M.noUpdater(email));
  return id;
}

async function pool<T>(items: T[], size: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await fn(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(size, items.length) }, worker));
}

const zero = (): KirimCounts => ({ sent: 0, unchanged: 0, failed: 0, skipped: 0, withdrawn: 0 });

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

/** What both halves of a send share: the rombel, the client, the stamp and the report. */
interface Sending {
  db: Db;
  actor: Actor;
  client: WebServiceClient;
  rombel: Rombel;
  /** The audit fields every posted row carries (Dapodik's updater_id and the times). */
  stamp: () => Record<string, string>;
  /** Keeps a failed or skipped item for the answer (the first 500). */
  note: (item: KirimNilaiItem) => void;
}

/*
 * One Kirim Nilai (§7.6): the connection is checked (getSekolah), the updater found, the mata
 * evaluasi reconciled; then the two halves, in this order because a grade needs its matev in
 * Dapodik:
 *  1. sendMatev — every matev that is new or changed since it was last accepted;
 *  2. sendNilai — one grade per pupil and subject whose matev is in Dapodik.
 * Rules shared by both halves:
 *  - an item whose payload hash equals the one Dapodik last accepted is not posted ("unchanged");
 *  - every outcome is stored in kirim_nilai_item, so a re-run posts only what failed, was never
 *    sent or changed;
 *  - a refusal or a non-fatal transport fault fails the item and the send goes on; a fatal fault
 *    (refused credentials, service window…) stops the whole send.
 */
async function send(
  db: Db,
  actor: Actor,
  client: WebServiceClient,
  rombel: Rombel,
): Promise<KirimNilaiResult> {
  await client.get('getSekolah');
  const updater = await updaterId(db, actor, client);
  const rec = await reconcileMatev(db, actor, client, rombel);
  if (rec.matev.length === 0 && rec.skipped.length === 0)
    throw new AppError(422, 'NO_PEMBELAJARAN', M.noPembelajaran(rombel.nama));
  const stamp = () => {
    const now = new Date().toISOString();
    return { create_date: now, last_update: now, last_sync: now, updater_id: updater };
  };
  const report: KirimNilaiItem[] = [];
  const note = (item: KirimNilaiItem) => {
    if (item.outcome === 'failed' || item.outcome === 'skipped') if (report.length < 500) report.push(item);
  };
  const sending: Sending = { db, actor, client, rombel, stamp, note };
  const matev = await sendMatev(sending, rec);
  const nilai = await sendNilai(sending, rec.matev, matev.sentOrUnchanged);
  const result = {
    rombongan_belajar_id: rombel.id,
    nama: rombel.nama,
    matev: matev.counts,
    nilai,
  };
  return { ...result, message: M.summary(result), items: report };
}

/**
 * First half: the mata evaluasi. Pembelajaran without a Dapodik id are counted as skipped; every
 * other matev is posted (postMatevRapor) unless Dapodik already holds this payload. Returns the
 * counts and the pembelajaran whose matev Dapodik now holds (the grades may follow).
 */
async function sendMatev(
  { db, actor, client, rombel, stamp, note }: Sending,
  rec: Reconciled,
): Promise<{ counts: KirimCounts; sentOrUnchanged: Set<string> }> {
  const matevCounts = zero();
  for (const p of rec.skipped) {
    matevCounts.skipped++;
    note({
      jenis: 'matev',
      pembelajaran_id: p.pembelajaran_id,
      nama_mata_pelajaran: p.nama,
      peserta_didik: null,
      nilai: null,
      status: 'skipped',
      outcome: 'skipped',
      message: M.pembelajaranNotDapodik,
      sent_at: null,
    });
  }

  const matevOk = new Set<string>();
  for (const m of rec.matev) {
    const base = {
      jenis: 'matev' as const,
      pembelajaran_id: m.pembelajaran.pembelajaran_id,
      nama_mata_pelajaran: m.pembelajaran.nama,
      peserta_didik: null,
      nilai: null,
    };
    if (m.stored?.status === 'sent' && m.stored.sentHash === m.hash) {
      matevCounts.unchanged++;
      matevOk.add(m.pembelajaran.pembelajaran_id);
      continue;
    }
    const write: ItemWrite = {
      pembelajaranId: m.pembelajaran.pembelajaran_id,
      anggotaRombelId: null,
      jenis: 'matev',
      itemKey: m.itemKey,
      dapodikId: m.idEvaluasi,
      payload: m.payload,
      sentHash: m.stored?.sentHash ?? null,
      status: 'failed',
      message: null,
      sentAt: m.stored?.sentAt ?? null,
    };
    try {
      const answer = await client.post('postMatevRapor', { ...m.payload, ...stamp() });
      if (answer.success) {
        Object.assign(write, { status: 'sent', sentHash: m.hash, sentAt: new Date(), message: null });
        matevCounts.sent++;
        matevOk.add(m.pembelajaran.pembelajaran_id);
      } else {
        write.message = M.refused(answer.message || 'tanpa keterangan');
        matevCounts.failed++;
      }
    } catch (e) {
      if (!(e instanceof DapodikError) || e.fatal) throw e;
      write.message = e.message;
      matevCounts.failed++;
    }
    await saveItems(db, actor, rombel.id, [write]);
    if (write.status === 'failed')
      note({ ...base, status: 'failed', outcome: 'failed', message: write.message, sent_at: null });
  }
  return { counts: matevCounts, sentOrUnchanged: matevOk };
}

/**
 * Second half: one grade (postNilai, table rapor) per pupil and subject, NILAI_CONCURRENCY at a
 * time, from the stored nilai akhir of the rombel's curriculum (Merdeka or K13).
 * Rules:
 *  - skipped (and stored as such, with the reason): the subject's matev is not in Dapodik, the
 *    pupil is not from Dapodik, or there is no nilai akhir;
 *  - a pupil who does not take the subject (agama) has no item at all;
 *  - a grade deleted here after it was sent is withdrawn: its last payload posted with soft_delete 1;
 *  - a subject's items are stored once its posts are done, also when one of them throws.
 */
async function sendNilai(
  { db, actor, client, rombel, stamp, note }: Sending,
  matevs: Matev[],
  matevOk: Set<string>,
): Promise<KirimCounts> {
  const nilaiCounts = zero();
  const [pupils, grades, stored] = await Promise.all([
    sqlRows<{ anggota_rombel_id: string; dapodik_id: string | null; nama: string; agama_id: number | null }>(
      db,
      sql`select a.anggota_rombel_id, a.anggota_rombel_id_dapodik as dapodik_id, pd.nama, pd.agama_id
          from anggota_rombel a join peserta_didik pd on pd.peserta_didik_id = a.peserta_didik_id
          where a.rombongan_belajar_id = ${rombel.id} and a.deleted_at is null
          order by pd.nama, a.anggota_rombel_id`,
    ),
    sqlRows<{ anggota_rombel_id: string; pembelajaran_id: string; nilai: number }>(
      db,
      sql`select n.anggota_rombel_id, n.pembelajaran_id, n.nilai from nilai_akhir n
          join pembelajaran p on p.pembelajaran_id = n.pembelajaran_id
          where p.rombongan_belajar_id = ${rombel.id}
            and n.kompetensi_id = ${rombel.merdeka ? KOMPETENSI.merdeka : KOMPETENSI.k13}`,
    ),
    itemsOf(db, actor, rombel.id),
  ]);
  const gradeOf = new Map(
    grades.map((g) => [`${g.anggota_rombel_id}|${g.pembelajaran_id}`, Number(g.nilai)]),
  );
  for (const m of matevs) {
    const p = m.pembelajaran;
    const writes: ItemWrite[] = [];
    const toSend: {
      write: ItemWrite;
      body: Record<string, unknown>;
      item: KirimNilaiItem;
      /** The grade was deleted here after it was sent: mark it deleted in Dapodik. */
      withdraw: boolean;
    }[] = [];
    for (const a of pupils) {
      if (!takesMapel(p.mata_pelajaran_id, a.agama_id === null ? null : Number(a.agama_id))) continue;
      const itemKey = `nilai:${p.pembelajaran_id}:${a.anggota_rombel_id}`;
      const own = stored.get(itemKey);
      const id = nilaiId(actor.sekolahId, rombel.id, p.pembelajaran_id, a.anggota_rombel_id, m.idEvaluasi);
      const nilai = gradeOf.get(`${a.anggota_rombel_id}|${p.pembelajaran_id}`) ?? null;
      const item: KirimNilaiItem = {
        jenis: 'nilai',
        pembelajaran_id: p.pembelajaran_id,
        nama_mata_pelajaran: p.nama,
        peserta_didik: a.nama,
        nilai,
        status: 'skipped',
        outcome: 'skipped',
        message: null,
        sent_at: null,
      };
      const write: ItemWrite = {
        pembelajaranId: p.pembelajaran_id,
        anggotaRombelId: a.anggota_rombel_id,
        jenis: 'nilai',
        itemKey,
        dapodikId: id,
        payload: null,
        sentHash: own?.dapodikId === id ? (own?.sentHash ?? null) : null,
        status: 'skipped',
        message: null,
        sentAt: own?.sentAt ?? null,
      };
      const skip = (message: string) => {
        write.message = message;
        item.message = message;
        nilaiCounts.skipped++;
        writes.push(write);
        note(item);
      };
      if (!matevOk.has(p.pembelajaran_id)) {
        skip(p.dapodik_id ? M.matevFailed : M.pembelajaranNotDapodik);
        continue;
      }
      if (!a.dapodik_id) {
        skip(M.pupilNotDapodik);
        continue;
      }
      if (nilai === null) {
        // Dapodik still holds the grade this item last sent (live): withdraw it with soft_delete 1.
        const previous = own?.payload as Record<string, unknown> | null | undefined;
        const live =
          previous &&
          own?.dapodikId === id &&
          previous.soft_delete === 0 &&
          own.sentHash === payloadHash(previous);
        if (!live) {
          skip(M.noNilaiAkhir);
          continue;
        }
        write.payload = previous;
        toSend.push({ write, body: { ...previous, soft_delete: 1 }, item, withdraw: true });
        continue;
      }
      const payload = {
        nilai_id: id,
        id_evaluasi: m.idEvaluasi,
        anggota_rombel_id: a.dapodik_id,
        nilai_kognitif_angka: nilai,
        soft_delete: 0,
      };
      const hash = payloadHash(payload);
      write.payload = payload;
      if (own?.status === 'sent' && write.sentHash === hash) {
        nilaiCounts.unchanged++;
        continue;
      }
      toSend.push({ write, body: payload, item, withdraw: false });
    }
    await pool(toSend, NILAI_CONCURRENCY, async ({ write, body, item, withdraw }) => {
      const hash = payloadHash(body);
      try {
        const answer = await client.post('postNilai', { ...body, ...stamp() }, { table: 'rapor' });
        if (answer.success && withdraw) {
          Object.assign(write, { status: 'skipped', payload: body, sentHash: hash, sentAt: new Date() });
          write.message = M.withdrawn;
          nilaiCounts.withdrawn++;
          note({ ...item, status: 'skipped', outcome: 'skipped', message: M.withdrawn });
        } else if (answer.success) {
          Object.assign(write, { status: 'sent', sentHash: hash, sentAt: new Date(), message: null });
          nilaiCounts.sent++;
        } else {
          Object.assign(write, {
            status: 'failed',
            message: M.refused(answer.message || 'tanpa keterangan'),
          });
          nilaiCounts.failed++;
        }
      } catch (e) {
        if (!(e instanceof DapodikError) || e.fatal) throw e;
        Object.assign(write, { status: 'failed', message: e.message });
        nilaiCounts.failed++;
      }
      writes.push(write);
      if (write.status === 'failed')
        note({ ...item, status: 'failed', outcome: 'failed', message: write.message });
    }).finally(() => saveItems(db, actor, rombel.id, writes));
  }
  return nilaiCounts;
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
