import {
  type KirimItemStatus,
  KIRIM_NILAI_MESSAGES as M,
  namaMataEvaluasi,
} from '@erapor/contract/sinkronisasi-kirim';
import { sql } from 'drizzle-orm';
import type { Actor } from '../../../actor';
import type { Db } from '../../../db/client';
import { sqlRows } from '../../../db/sql-rows';
import { gradableSql } from '../../penilaian/access';
import { matevId, payloadHash } from './ids';
import { type ItemRow, type ItemWrite, itemsOf, saveItems } from './items';
import type { WebServiceClient } from './webservice-client';

/*
 * The mata evaluasi of one rombel (§7.6 step 2), reconciled with Dapodik before they are generated
 * or sent: Generate Matev stores them, a send posts those that changed. Apart from send.ts so that
 * both the "Generate" button (service.ts) and the send use it without importing each other.
 */

export interface Rombel {
  id: string;
  dapodikId: string | null;
  nama: string;
  merdeka: boolean;
}

export type PembelajaranRow = {
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

export interface Matev {
  pembelajaran: PembelajaranRow;
  itemKey: string;
  idEvaluasi: string;
  payload: Record<string, unknown>;
  hash: string;
  stored: ItemRow | undefined;
}

export interface Reconciled {
  matev: Matev[];
  /** Pembelajaran without a Dapodik id: no matev possible. */
  skipped: PembelajaranRow[];
  fromDapodik: number;
  created: number;
}

export const str = (v: unknown) => (v === null || v === undefined || v === '' ? null : String(v));

/**
 * §7.6 step 2: Dapodik's mata evaluasi of the rombel (getMatevNilai?a_dari_template=1), matched by
 * pembelajaran (or subject when Dapodik has none); one is created for every other top-level
 * pembelajaran, with our stored id, else a name-based one. The result is stored (status kept).
 */
export async function reconcileMatev(
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
