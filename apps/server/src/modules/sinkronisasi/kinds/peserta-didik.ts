import { resolveNisn, SYNC_MESSAGES } from '@erapor/contract/sinkronisasi';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { anggotaRombel, pdKeluar, pesertaDidik } from '../../../db/tables/referensi';
import { applyRows, type Outcome, type Row, rowError, skip, warn } from '../engine';
import { date, int, jenisKelamin, kodeWilayah, lowerEmail, text, uuid } from '../normalize';
import { ANGGOTA_SPEC, anggotaScope, liveRombel } from './anggota';
import { type Api, type KindContext, kecamatanNames, opts, warnGradesOnRemoved } from './context';

// Data kind: peserta didik

export const PD_OWNED = [
  'nama',
  'noInduk',
  'nisn',
  'jenisKelamin',
  'tempatLahir',
  'tanggalLahir',
  'agamaId',
  'namaDusun',
  'noHp',
  'sekolahAsal',
  'diterima',
  'active',
] as const;
/** Filled from Dapodik once; the school edits them afterwards (decision 010), so they stay. */
export const PD_INSERT_ONLY = [
  'nik',
  'status',
  'anakKe',
  'alamat',
  'rt',
  'rw',
  'desaKelurahan',
  'kecamatan',
  'kodePos',
  'kodeWilayah',
  'noTelp',
  'email',
  'diterimaKelas',
  'namaAyah',
  'namaIbu',
  'kerjaAyah',
  'kerjaIbu',
  'namaWali',
  'kerjaWali',
] as const;

/**
 * NISN is unique per school; Dapodik may give one NISN to several pupils. resolveNisn (contract)
 * decides who keeps it, the same rule as the demo seed: the pupils of this list and the pupils the
 * school already stores with that NISN claim it, the smallest peserta_didik_id wins, whatever the
 * order of the rows. Stored rows that lose their NISN (or get another one) are cleared first, so the
 * upsert never meets the unique index half-way. Each clash is a warning naming the pupils.
 * Returns the NISN each incoming pupil keeps, and the Dapodik ids of listed pupils cleared here.
 */
async function settleNisn(
  k: KindContext,
  tx: Db,
  list: { id: string; nama: string; nisn: string | null }[],
): Promise<{ nisnOf: (id: string) => string | null; cleared: Set<string> }> {
  const stored = await tx
    .select({
      pk: pesertaDidik.pesertaDidikId,
      dapodik: pesertaDidik.pesertaDidikIdDapodik,
      nama: pesertaDidik.nama,
      nisn: pesertaDidik.nisn,
    })
    .from(pesertaDidik)
    .where(and(eq(pesertaDidik.sekolahId, k.sekolahId), sql`${pesertaDidik.nisn} is not null`));
  const listed = new Set(list.map((p) => p.id));
  const holders = stored
    .filter((h) => !h.dapodik || !listed.has(h.dapodik))
    .map((h) => ({ id: h.dapodik ?? h.pk, nama: h.nama, nisn: h.nisn, local: !h.dapodik }));
  const { nisnOf, clashes } = resolveNisn([...list, ...holders]);
  for (const c of clashes)
    if (c.others.some((o) => listed.has(o.id)) || listed.has(c.keeper.id))
      warn(
        k.report,
        SYNC_MESSAGES.duplicateNisn(
          c.nisn,
          c.keeper.nama,
          c.others.map((o) => o.nama),
          (c.keeper as { local?: boolean }).local === true,
        ),
      );
  // Every stored NISN that is not its holder's in the end is cleared before the upsert.
  const losing = stored.filter((h) => nisnOf(h.dapodik ?? h.pk) !== h.nisn);
  const cleared = new Set<string>();
  for (let i = 0; i < losing.length; i += 5_000)
    await tx
      .update(pesertaDidik)
      .set({ nisn: null, updatedAt: k.now })
      .where(
        inArray(
          pesertaDidik.pesertaDidikId,
          losing.slice(i, i + 5_000).map((h) => h.pk),
        ),
      );
  for (const h of losing) if (h.dapodik && listed.has(h.dapodik)) cleared.add(h.dapodik);
  return { nisnOf, cleared };
}

async function pupilRows(
  k: KindContext,
  tx: Db,
  list: Api[],
  active: boolean,
): Promise<{ rows: Row[]; cleared: Set<string> }> {
  const kecamatan = await kecamatanNames(
    tx,
    list.map((p) => kodeWilayah(p.kode_wilayah)),
  );
  const valid = list.filter((p) => {
    if (uuid(p.peserta_didik_id) && text(p.nama)) return true;
    rowError(k.report, `Peserta didik ${String(p.peserta_didik_id ?? '?')} tanpa id atau nama; dilewati.`);
    k.report.skipped++;
    return false;
  });
  const { nisnOf, cleared } = await settleNisn(
    k,
    tx,
    valid.map((p) => ({
      id: uuid(p.peserta_didik_id) as string,
      nama: text(p.nama) as string,
      nisn: text(p.nisn, 10),
    })),
  );
  const rows: Row[] = [];
  for (const p of valid) {
    const id = uuid(p.peserta_didik_id) as string;
    const nama = text(p.nama) as string;
    const nisn = nisnOf(id);
    const reg = (p.registrasi && typeof p.registrasi === 'object' ? p.registrasi : {}) as Api;
    const kode = kodeWilayah(p.kode_wilayah);
    rows.push({
      pesertaDidikIdDapodik: id,
      nama,
      noInduk: text(reg.nipd, 32),
      nisn,
      nik: text(p.nik, 16),
      jenisKelamin: jenisKelamin(p.jenis_kelamin),
      tempatLahir: text(p.tempat_lahir),
      tanggalLahir: date(p.tanggal_lahir),
      agamaId: int(p.agama_id, 'smallint'),
      status: 'Anak Kandung',
      anakKe: int(p.anak_keberapa, 'smallint'),
      alamat: text(p.alamat_jalan),
      rt: text(p.rt, 4),
      rw: text(p.rw, 4),
      namaDusun: text(p.nama_dusun),
      desaKelurahan: text(p.desa_kelurahan),
      kecamatan: kode ? (kecamatan.get(kode) ?? null) : null,
      kodePos: text(p.kode_pos, 8),
      kodeWilayah: kode,
      noTelp: text(p.nomor_telepon_rumah, 32),
      noHp: text(p.nomor_telepon_seluler, 32),
      email: lowerEmail(p.email),
      sekolahAsal: text(reg.sekolah_asal),
      diterimaKelas: text(typeof p.diterima_dikelas === 'string' ? p.diterima_dikelas : null, 100),
      diterima: date(reg.tanggal_masuk_sekolah),
      namaAyah: text(p.nama_ayah),
      namaIbu: text(p.nama_ibu_kandung ?? p.nama_ibu),
      kerjaAyah: int(p.pekerjaan_id_ayah, 'smallint'),
      kerjaIbu: int(p.pekerjaan_id_ibu, 'smallint'),
      namaWali: text(p.nama_wali),
      kerjaWali: int(p.pekerjaan_id_wali, 'smallint'),
      active,
    });
  }
  return { rows, cleared };
}

const PD_SPEC = {
  table: pesertaDidik,
  pk: 'pesertaDidikId',
  dapodik: 'pesertaDidikIdDapodik',
  owned: PD_OWNED,
  insertOnly: PD_INSERT_ONLY,
  softDelete: false,
} as const;

export async function syncPdAktif(k: KindContext): Promise<void> {
  const list = await k.client.list<Api>('peserta-didik', { status: 'aktif' });
  k.report.fetched = list.rows.length;
  k.report.total = list.total;
  k.applying();
  await k.db.transaction(async (tx) => {
    const { rows, cleared } = await pupilRows(k, tx, list.rows, true);
    /** A pupil and their keluar mark are one record: each pupil is counted once. */
    const outcomes = new Map<string, Outcome>();
    const { ids } = await applyRows(tx, PD_SPEC, rows, k.report, { ...opts(k), outcomes });
    for (const id of cleared) if (outcomes.get(id) === 'unchanged') outcomes.set(id, 'updated');
    // Back from the keluar list (re-activation).
    const activeIds = [...ids.values()];
    if (activeIds.length) {
      const dapodikOf = new Map([...ids].map(([dapodik, local]) => [local, dapodik]));
      const back = await tx
        .delete(pdKeluar)
        .where(and(eq(pdKeluar.semesterId, k.semesterId), inArray(pdKeluar.pesertaDidikId, activeIds)))
        .returning({ pd: pdKeluar.pesertaDidikId });
      for (const b of back) outcomes.set(dapodikOf.get(b.pd) ?? b.pd, 'revived');
    }
    for (const outcome of outcomes.values()) k.report[outcome]++;
    // The regular class of each pupil.
    const rombel = await liveRombel(k, tx, [1]);
    const anggota: Row[] = [];
    for (const p of list.rows) {
      const a = (
        p.anggota_rombel && typeof p.anggota_rombel === 'object' ? p.anggota_rombel : null
      ) as Api | null;
      const pd = ids.get(uuid(p.peserta_didik_id) ?? '');
      const aid = uuid(a?.anggota_rombel_id);
      if (!a || !aid) continue;
      // The pupil was not stored (its own message says why): nor is the membership.
      if (!pd) {
        k.report.skipped++;
        continue;
      }
      const rid = uuid(a.rombongan_belajar_id);
      const local = rid ? rombel.get(rid) : undefined;
      if (!local) {
        skip(k.report, SYNC_MESSAGES.parentMissing(`Rombel reguler dari ${text(p.nama)}:`, rid ?? '?'));
        continue;
      }
      anggota.push({
        anggotaRombelIdDapodik: aid,
        semesterId: k.semesterId,
        rombonganBelajarId: local,
        pesertaDidikId: pd,
        jenisPendaftaranId: int(a.jenis_pendaftaran_id, 'smallint'),
      });
    }
    const { removedIds } = await applyRows(tx, ANGGOTA_SPEC, anggota, k.report, {
      ...opts(k),
      tick: undefined,
      scope: anggotaScope(k.semesterId, [1]),
      scopeLabel: 'Anggota rombel reguler',
    });
    await warnGradesOnRemoved(k, tx, removedIds);
  });
}

export async function syncPdKeluar(k: KindContext): Promise<void> {
  const list = await k.client.list<Api>('peserta-didik', { status: 'keluar' });
  k.report.fetched = list.rows.length;
  k.report.total = list.total;
  k.applying();
  await k.db.transaction(async (tx) => {
    const { rows, cleared } = await pupilRows(k, tx, list.rows, false);
    /** A pupil who left and their pd_keluar row are one record: each pupil is counted once. */
    const outcomes = new Map<string, Outcome>();
    const { ids } = await applyRows(tx, PD_SPEC, rows, k.report, { ...opts(k), outcomes });
    for (const id of cleared) if (outcomes.get(id) === 'unchanged') outcomes.set(id, 'updated');
    const local = [...ids.values()];
    const existing = new Map(
      local.length
        ? (await tx.select().from(pdKeluar).where(inArray(pdKeluar.pesertaDidikId, local))).map((r) => [
            r.pesertaDidikId,
            r,
          ])
        : [],
    );
    for (const p of list.rows) {
      const dapodikId = uuid(p.peserta_didik_id) ?? '';
      const pd = ids.get(dapodikId);
      if (!pd) continue;
      const reg = (p.registrasi && typeof p.registrasi === 'object' ? p.registrasi : {}) as Api;
      const values = {
        jenisKeluarId: int(reg.jenis_keluar_id, 'smallint'),
        tanggalKeluar: date(reg.tanggal_keluar),
        keterangan: text(reg.keterangan),
      };
      const old = existing.get(pd);
      if (!old) {
        await tx
          .insert(pdKeluar)
          .values({ sekolahId: k.sekolahId, semesterId: k.semesterId, pesertaDidikId: pd, ...values });
        // New in the keluar list (a new pupil, or one who has just left).
        outcomes.set(dapodikId, 'inserted');
      } else if (
        old.jenisKeluarId !== values.jenisKeluarId ||
        old.tanggalKeluar !== values.tanggalKeluar ||
        (old.keterangan ?? null) !== values.keterangan
      ) {
        await tx
          .update(pdKeluar)
          .set({ ...values, updatedAt: k.now })
          .where(eq(pdKeluar.pdKeluarId, old.pdKeluarId));
        if (outcomes.get(dapodikId) === 'unchanged') outcomes.set(dapodikId, 'updated');
      }
    }
    for (const outcome of outcomes.values()) k.report[outcome]++;
    if (!local.length) return;
    // Their memberships of the semester end (the pupil and the grades stay).
    const ended = await tx
      .update(anggotaRombel)
      .set({ deletedAt: k.now, updatedAt: k.now })
      .where(
        and(
          eq(anggotaRombel.semesterId, k.semesterId),
          inArray(anggotaRombel.pesertaDidikId, local),
          isNull(anggotaRombel.deletedAt),
        ),
      )
      .returning({ id: anggotaRombel.anggotaRombelId });
    k.report.removed += ended.length;
  });
}
