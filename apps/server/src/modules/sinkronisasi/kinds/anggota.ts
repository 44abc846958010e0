import { SYNC_MESSAGES } from '@erapor/contract/sinkronisasi';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { anggotaRombel, pesertaDidik, rombonganBelajar } from '../../../db/tables/referensi';
import { applyRows, idsOf, type Row, skip } from '../engine';
import { int, uuid } from '../normalize';
import { type Api, type KindContext, opts, warnGradesOnRemoved } from './context';

export const ANGGOTA_SPEC = {
  table: anggotaRombel,
  pk: 'anggotaRombelId',
  dapodik: 'anggotaRombelIdDapodik',
  owned: ['semesterId', 'rombonganBelajarId', 'pesertaDidikId', 'jenisPendaftaranId'],
  softDelete: true,
} as const;

/** Live rombel of the semester of the given jenis: Dapodik id → local id. */
export function liveRombel(k: KindContext, tx: Db, jenis: number[]) {
  return idsOf(tx, rombonganBelajar, 'rombonganBelajarId', 'rombonganBelajarIdDapodik', k.sekolahId, {
    liveOnly: true,
    where: and(eq(rombonganBelajar.semesterId, k.semesterId), inArray(rombonganBelajar.jenisRombel, jenis)),
  });
}

/** Memberships of the semester in rombel of these jenis. */
export const anggotaScope = (semesterId: string, jenis: number[]) =>
  and(
    eq(anggotaRombel.semesterId, semesterId),
    sql`${anggotaRombel.rombonganBelajarId} in (select r.rombongan_belajar_id from rombongan_belajar r where r.jenis_rombel in (${sql.join(
      jenis.map((j) => sql`${j}`),
      sql`, `,
    )}))`,
  );

// Data kind: memberships of electives and extracurriculars

export async function syncAnggota(k: KindContext, jenis: 16 | 51): Promise<void> {
  const list = await k.client.list<Api>('anggota-rombel', { jenis: String(jenis) });
  k.report.fetched = list.rows.length;
  k.report.total = list.total;
  k.applying();
  await k.db.transaction(async (tx) => {
    const rombel = await liveRombel(k, tx, [jenis]);
    const pupils = await idsOf(tx, pesertaDidik, 'pesertaDidikId', 'pesertaDidikIdDapodik', k.sekolahId);
    const rows: Row[] = [];
    for (const a of list.rows) {
      const aid = uuid(a.anggota_rombel_id);
      const rid = uuid(a.rombongan_belajar_id);
      const pid = uuid(a.peserta_didik_id);
      if (!aid) {
        k.report.skipped++;
        continue;
      }
      const r = rid ? rombel.get(rid) : undefined;
      const p = pid ? pupils.get(pid) : undefined;
      if (!r) {
        skip(k.report, SYNC_MESSAGES.parentMissing('Rombel', rid ?? '?'));
        continue;
      }
      if (!p) {
        skip(k.report, SYNC_MESSAGES.parentMissing('Peserta didik', pid ?? '?'));
        continue;
      }
      rows.push({
        anggotaRombelIdDapodik: aid,
        semesterId: k.semesterId,
        rombonganBelajarId: r,
        pesertaDidikId: p,
        jenisPendaftaranId: int(a.jenis_pendaftaran_id, 'smallint'),
      });
    }
    const { removedIds } = await applyRows(tx, ANGGOTA_SPEC, rows, k.report, {
      ...opts(k),
      scope: anggotaScope(k.semesterId, [jenis]),
      scopeLabel: jenis === 16 ? 'Anggota rombel matpel pilihan' : 'Anggota ekstrakurikuler',
    });
    await warnGradesOnRemoved(k, tx, removedIds);
  });
}
