import { SYNC_MESSAGES } from '@erapor/contract/sinkronisasi';
import { inArray, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/client';
import { aktPd, anggotaAktPd, bimbingPd, dudi, guru, mou, pesertaDidik } from '../../../db/tables/referensi';
import { type ApplyOptions, applyRows, idsOf, type Row, skip } from '../engine';
import { date, int, kodeWilayah, text, uuid } from '../normalize';
import { type Api, type KindContext, opts } from './context';

// Data kind: DUDI, MoU, PKL activities (never deleted, as in e-Rapor)

/**
 * Reconciliation of a PKS's members or supervisors: a row from Dapodik under a PKS that came in
 * this answer but no longer lists it is deleted (these tables keep no deletedAt). Rows the school
 * added itself (no Dapodik id) stay. A pupil's PKL plan, scores and grade do not hang on the
 * membership (pd_pkl keeps the participant until the plan's "Perbaharui"; decision 034).
 */
function pksMembersScope(
  tx: Db,
  table: typeof anggotaAktPd | typeof bimbingPd,
  pk: PgColumn,
  aktPdCol: PgColumn,
  sentPks: string[],
): Pick<ApplyOptions, 'scope' | 'remove'> {
  return {
    scope: sentPks.length ? inArray(aktPdCol, sentPks) : sql`false`,
    remove: async (ids) => {
      for (let i = 0; i < ids.length; i += 5_000)
        await tx.delete(table).where(inArray(pk, ids.slice(i, i + 5_000)));
    },
  };
}

export async function syncDudi(k: KindContext): Promise<void> {
  const list = await k.client.list<Api>('dudi');
  k.report.fetched = list.rows.length;
  k.report.total = list.total;
  k.applying();
  const arr = (v: unknown) => (Array.isArray(v) ? (v as Api[]) : []);
  await k.db.transaction(async (tx) => {
    const o = { ...opts(k), tick: undefined };
    const dudiRows = list.rows
      .map((d) => ({
        dudiIdDapodik: uuid(d.dudi_id),
        nama: text(d.nama),
        bidangUsahaId: text(d.bidang_usaha_id, 16),
        namaBidangUsaha: text(d.nama_bidang_usaha),
        alamatJalan: text(d.alamat_jalan),
        rt: text(d.rt, 4),
        rw: text(d.rw, 4),
        namaDusun: text(d.nama_dusun),
        desaKelurahan: text(d.desa_kelurahan),
        kodeWilayah: kodeWilayah(d.kode_wilayah),
        kodePos: text(d.kode_pos, 8),
        lintang: text(d.lintang),
        bujur: text(d.bujur),
        nomorTelepon: text(d.nomor_telepon, 32),
        nomorFax: text(d.nomor_fax, 32),
        email: text(d.email),
        website: text(d.website),
        npwp: text(d.npwp, 32),
      }))
      .filter((d) => d.dudiIdDapodik && d.nama);
    // Rows without an id (or a name, or what they hang on) are not stored.
    k.report.skipped += list.rows.length - dudiRows.length;
    const usable = <T>(rows: T[], ok: (r: T) => unknown): T[] => {
      const kept = rows.filter(ok);
      k.report.skipped += rows.length - kept.length;
      return kept;
    };
    const owned = (r: Row | undefined, ...skip: string[]) =>
      Object.keys(r ?? {}).filter((key) => !key.endsWith('IdDapodik') && !skip.includes(key));
    const dudiIds = (
      await applyRows(
        tx,
        { table: dudi, pk: 'dudiId', dapodik: 'dudiIdDapodik', owned: owned(dudiRows[0]), softDelete: false },
        dudiRows,
        k.report,
        opts(k),
      )
    ).ids;

    const mouRows = list.rows.flatMap((d) =>
      arr(d.mou).map((m) => ({
        mouIdDapodik: uuid(m.mou_id),
        dudiId: dudiIds.get(uuid(m.dudi_id ?? d.dudi_id) ?? '') ?? null,
        idJnsKs: int(m.id_jns_ks, 'smallint'),
        nomorMou: text(m.nomor_mou),
        judulMou: text(m.judul_mou),
        tanggalMulai: date(m.tanggal_mulai),
        tanggalSelesai: date(m.tanggal_selesai),
        namaDudi: text(m.nama_dudi),
        npwpDudi: text(m.npwp_dudi, 32),
        namaBidangUsaha: text(m.nama_bidang_usaha),
        telpKantor: text(m.telp_kantor, 32),
        fax: text(m.fax, 32),
        contactPerson: text(m.contact_person),
        telpCp: text(m.telp_cp, 32),
        jabatanCp: text(m.jabatan_cp),
      })),
    );
    const mouIds = (
      await applyRows(
        tx,
        { table: mou, pk: 'mouId', dapodik: 'mouIdDapodik', owned: owned(mouRows[0]), softDelete: false },
        usable(mouRows, (m) => m.mouIdDapodik && m.dudiId),
        k.report,
        o,
      )
    ).ids;

    const aktRows = list.rows.flatMap((d) =>
      arr(d.akt_pd).map((a) => ({
        aktPdIdDapodik: uuid(a.id_akt_pd),
        mouId: mouIds.get(uuid(a.mou_id) ?? '') ?? null,
        idJnsAktPd: int(a.id_jns_akt_pd, 'smallint'),
        judulAktPd: text(a.judul_akt_pd) ?? '-',
        skTugas: text(a.sk_tugas) ?? '-',
        tglSkTugas: date(a.tgl_sk_tugas),
        ketAkt: text(a.ket_akt),
        aKomunal: int(a.a_komunal, 'smallint'),
      })),
    );
    const aktIds = (
      await applyRows(
        tx,
        {
          table: aktPd,
          pk: 'aktPdId',
          dapodik: 'aktPdIdDapodik',
          owned: owned(aktRows[0]),
          softDelete: false,
        },
        usable(aktRows, (a) => a.aktPdIdDapodik && a.mouId),
        k.report,
        o,
      )
    ).ids;

    // The PKS this answer carries: their members and supervisors are reconciled, others untouched.
    const sentPks = [...new Set(aktIds.values())];
    const pupils = await idsOf(tx, pesertaDidik, 'pesertaDidikId', 'pesertaDidikIdDapodik', k.sekolahId);
    const gurus = await idsOf(tx, guru, 'guruId', 'guruIdDapodik', k.sekolahId);
    const anggotaRows: Row[] = [];
    const bimbingRows: Row[] = [];
    for (const d of list.rows) {
      for (const m of arr(d.anggota_akt_pd)) {
        const pid = uuid(m.peserta_didik_id);
        const pd = pid ? pupils.get(pid) : undefined;
        const akt = aktIds.get(uuid(m.id_akt_pd) ?? '');
        const id = uuid(m.id_ang_akt_pd);
        if (!id || !akt) {
          k.report.skipped++;
          continue;
        }
        if (!pd) {
          skip(k.report, SYNC_MESSAGES.parentMissing('Peserta didik PKL', pid ?? '?'));
          continue;
        }
        anggotaRows.push({
          anggotaAktPdIdDapodik: id,
          aktPdId: akt,
          pesertaDidikId: pd,
          nmPd: text(m.nm_pd),
          nipd: text(m.nipd, 32),
          jnsPeranPd: int(m.jns_peran_pd, 'smallint'),
        });
      }
      for (const b of arr(d.bimbing_pd)) {
        const ptk = uuid(b.ptk_id);
        const g = ptk ? gurus.get(ptk) : undefined;
        const akt = aktIds.get(uuid(b.id_akt_pd) ?? '');
        const id = uuid(b.id_bimb_pd);
        if (!id || !akt) {
          k.report.skipped++;
          continue;
        }
        if (!g) {
          skip(k.report, SYNC_MESSAGES.parentMissing('Pembimbing PKL (PTK)', ptk ?? '?'));
          continue;
        }
        bimbingRows.push({
          bimbingPdIdDapodik: id,
          aktPdId: akt,
          guruId: g,
          urutanPembimbing: int(b.urutan_pembimbing, 'smallint') ?? 1,
        });
      }
    }
    await applyRows(
      tx,
      {
        table: anggotaAktPd,
        pk: 'anggotaAktPdId',
        dapodik: 'anggotaAktPdIdDapodik',
        owned: ['aktPdId', 'pesertaDidikId', 'nmPd', 'nipd', 'jnsPeranPd'],
        softDelete: false,
      },
      anggotaRows,
      k.report,
      {
        ...o,
        ...pksMembersScope(tx, anggotaAktPd, anggotaAktPd.anggotaAktPdId, anggotaAktPd.aktPdId, sentPks),
        scopeLabel: 'Anggota PKL',
      },
    );
    await applyRows(
      tx,
      {
        table: bimbingPd,
        pk: 'bimbingPdId',
        dapodik: 'bimbingPdIdDapodik',
        owned: ['aktPdId', 'guruId', 'urutanPembimbing'],
        softDelete: false,
      },
      bimbingRows,
      k.report,
      {
        ...o,
        ...pksMembersScope(tx, bimbingPd, bimbingPd.bimbingPdId, bimbingPd.aktPdId, sentPks),
        scopeLabel: 'Pembimbing PKL',
      },
    );
  });
}
