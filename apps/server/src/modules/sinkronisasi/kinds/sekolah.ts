import { eq, sql } from 'drizzle-orm';
import { jurusanSp } from '../../../db/tables/referensi';
import { refMstWilayah } from '../../../db/tables/referensi-ref';
import { sekolah } from '../../../db/tables/sekolah';
import { applyRows, type Row } from '../engine';
import { int, kodeWilayah, text, uuid } from '../normalize';
import { type Api, type KindContext, opts } from './context';

// Data kind: sekolah (+ jurusan_sp, wilayah)

export async function syncSekolah(k: KindContext): Promise<void> {
  const { data: s } = await k.client.document<Api>('sekolah');
  k.shared.kepalaSekolahPtkId = uuid(s.kepala_sekolah_ptk_id);
  k.report.fetched = 1;
  k.report.total = 1;
  // A source without jurusan_sp (the Web Service) leaves the school's program keahlian alone.
  const jurusanList = Array.isArray(s.jurusan_sp) ? (s.jurusan_sp as Api[]) : null;
  const chain = Array.isArray(s.wilayah) ? (s.wilayah as Api[]) : [];
  k.applying();
  await k.db.transaction(async (tx) => {
    // The school's wilayah chain (with desa codes the national files lack), kept when already there.
    const wilayah = chain
      .map((w) => ({
        kodeWilayah: kodeWilayah(w.kode_wilayah),
        nama: text(w.nama, 100),
        idLevelWilayah: int(w.id_level_wilayah, 'smallint'),
        mstKodeWilayah: kodeWilayah(w.mst_kode_wilayah),
        negaraId: text(w.negara_id, 2),
        kodeBps: text(w.kode_bps, 16),
        kodeDagri: text(w.kode_dagri, 16),
      }))
      .filter((w) => w.kodeWilayah && w.nama && w.idLevelWilayah !== null);
    if (wilayah.length)
      await tx
        .insert(refMstWilayah)
        .values(wilayah as never)
        .onConflictDoNothing();

    const status = int(s.status_sekolah);
    const values: Row = {
      nama: text(s.nama),
      nss: text(s.nss, 32),
      bentukPendidikanId: int(s.bentuk_pendidikan_id),
      statusSekolah: status === 1 ? 'Negeri' : status === 2 ? 'Swasta' : text(s.status_sekolah, 16),
      alamat: text(s.alamat_jalan),
      rt: text(s.rt, 4),
      rw: text(s.rw, 4),
      desaKelurahan: text(s.desa_kelurahan),
      kecamatan: text(s.kecamatan),
      kabupaten: text(s.kabupaten_kota),
      provinsi: text(s.provinsi),
      kodeWilayah: text(s.kode_wilayah, 16),
      kodePos: text(s.kode_pos, 8),
      lintang: text(s.lintang),
      bujur: text(s.bujur),
      noTelp: text(s.nomor_telepon, 32),
      noFax: text(s.nomor_fax, 32),
      email: text(s.email),
      website: text(s.website),
      sekolahIdDapodik: uuid(s.sekolah_id),
    };
    if (!values.nama) delete values.nama;
    const [old] = await tx.select().from(sekolah).where(eq(sekolah.sekolahId, k.sekolahId));
    if (!old) throw new Error('sekolah missing');
    const changed = Object.keys(values).filter(
      (key) => String(values[key] ?? '') !== String((old as Row)[key] ?? ''),
    );
    if (changed.length) {
      const set: Row = { updatedAt: k.now };
      for (const key of changed) set[key] = values[key];
      await tx.update(sekolah).set(set).where(eq(sekolah.sekolahId, k.sekolahId));
      k.report.updated++;
    } else k.report.unchanged++;
    k.tick();

    if (!jurusanList) return;
    const rows = jurusanList
      .map((j) => ({
        jurusanSpIdDapodik: uuid(j.jurusan_sp_id),
        jurusanId: text(j.jurusan_id, 25),
        namaJurusanSp: text(j.nama_jurusan_sp),
      }))
      .filter((j) => j.jurusanSpIdDapodik && j.jurusanId && j.namaJurusanSp);
    k.report.skipped += jurusanList.length - rows.length;
    k.report.fetched += rows.length;
    k.report.total = 1 + rows.length;
    await applyRows(
      tx,
      {
        table: jurusanSp,
        pk: 'jurusanSpId',
        dapodik: 'jurusanSpIdDapodik',
        owned: ['jurusanId', 'namaJurusanSp'],
        softDelete: true,
      },
      rows,
      k.report,
      { ...opts(k), scope: sql`true`, scopeLabel: 'Program keahlian' },
    );
  });
}
