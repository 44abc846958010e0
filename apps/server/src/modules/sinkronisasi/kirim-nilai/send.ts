import { KOMPETENSI, takesMapel } from '@erapor/contract/penilaian/rules';
import {
  type KirimCounts,
  type KirimNilaiItem,
  type KirimNilaiResult,
  KIRIM_NILAI_MESSAGES as M,
} from '@erapor/contract/sinkronisasi-kirim';
import { eq, sql } from 'drizzle-orm';
import type { Actor } from '../../../actor';
import type { Db } from '../../../db/client';
import { sqlRows } from '../../../db/sql-rows';
import { users } from '../../../db/tables/pengguna';
import { AppError } from '../../../lib/errors';
import { DapodikError } from '../client';
import { nilaiId, payloadHash } from './ids';
import { type ItemWrite, itemsOf, saveItems } from './items';
import { type Matev, type Reconciled, type Rombel, reconcileMatev, str } from './matev';
import type { WebServiceClient } from './webservice-client';

/*
 * The sending of Kirim Nilai (reference-dapodik §7.6 steps 1–4; decision 017): what happens once
 * the rombel is loaded, the client built and the rombel locked (service.ts kirimNilai). Apart from
 * service.ts, which holds the screen's reads and the connection, because it is the one long piece
 * of logic here: `send` below composes its two halves, sendMatev and sendNilai.
 */

/** Concurrent postNilai calls (§7.3: at most 5). */
export const NILAI_CONCURRENCY = 4;

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
export async function send(
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
