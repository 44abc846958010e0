import { resolveNisn } from '@erapor/contract/sinkronisasi';
import type { DemoSchool, PesertaDidik, Ptk, RombonganBelajar } from '@erapor/demo-school/types';
import { wilayahByKode } from '@erapor/reference-data/wilayah';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import {
  aktPd,
  anggotaAktPd,
  anggotaRombel,
  bimbingPd,
  dudi,
  ekstrakurikuler,
  gelarPtk,
  guru,
  jurusanSp,
  mou,
  pdKeluar,
  pembelajaran,
  pesertaDidik,
  ptkKeluar,
  rombonganBelajar,
} from '../../db/tables/referensi';
import { refCapaianPembelajaran, refKompetensiDasar, refMstWilayah } from '../../db/tables/referensi-ref';
import { sekolah } from '../../db/tables/sekolah';

/*
 * Writes a generated school (packages/demo-school, Dapodik-shaped) into the school tables, mapping
 * the Dapodik fields the way the Dapodik sync does (reference-dapodik §3): primary key = Dapodik id,
 * also kept in the `<pk>_dapodik` column. Multi-row INSERTs in batches, ON CONFLICT DO NOTHING, so
 * writing the same school twice leaves the same data. The caller provides the transaction.
 */

/** Stay well below PostgreSQL's 65,535 bind parameters per statement. */
const MAX_PARAMS = 30_000;

async function insertMany<T extends PgTable>(db: Db, table: T, rows: T['$inferInsert'][]): Promise<void> {
  if (rows.length === 0) return;
  const columns = Object.keys(rows[0] ?? {}).length || 1;
  const size = Math.max(1, Math.floor(MAX_PARAMS / columns));
  for (let i = 0; i < rows.length; i += size) {
    await db
      .insert(table)
      .values(rows.slice(i, i + size))
      .onConflictDoNothing();
  }
}

const str = (v: number | string | null | undefined): string | null =>
  v === null || v === undefined ? null : String(v);
const lower = (v: string | null | undefined): string | null => (v ? v.toLowerCase() : null);

/** Name of the kecamatan (level 3) that contains `kode`, from the school's wilayah rows or the reference. */
function kecamatanOf(school: DemoSchool, kode: string): string | null {
  const byKode = new Map(school.wilayah.map((w) => [w.kode_wilayah, w]));
  let row = byKode.get(kode) ?? wilayahByKode.get(kode);
  while (row && row.id_level_wilayah > 3 && row.mst_kode_wilayah) {
    const parent = row.mst_kode_wilayah;
    row = byKode.get(parent) ?? wilayahByKode.get(parent);
  }
  return row && row.id_level_wilayah === 3 ? row.nama : null;
}

/**
 * Kelompok and order of a pembelajaran, so that the demo's subjects are active for grading and
 * printing at once (in a real school the administrator sets them). Merdeka: 16 umum / 17 kejuruan;
 * K13 (2017 groups): 6 muatan nasional / 10 paket keahlian. P5 (parent and themes) stays without.
 */
const P5_PARENT = 200040000;
const KEJURUAN_UMUM_IDS = new Set([600070200, 600070100]); // Projek Kreatif dan Kewirausahaan (PKK)
function isKejuruan(mapelId: number): boolean {
  return mapelId >= 800000000 || KEJURUAN_UMUM_IDS.has(mapelId);
}

function pembelajaranRows(r: RombonganBelajar, sekolahId: string): (typeof pembelajaran.$inferInsert)[] {
  const k13 = r.kurikulum_id < 1000; // Merdeka SMK curricula are 5-digit ids; K13 SMK 417/418/461/462
  const parents = new Map(r.pembelajaran.map((p) => [p.pembelajaran_id, p]));
  // no_urut: position among the top-level subjects, or among the sub-subjects of one parent.
  const order = new Map<string, number>();
  const seen = new Map<string | null, number>();
  for (const p of r.pembelajaran) {
    const n = (seen.get(p.induk_pembelajaran_id) ?? 0) + 1;
    seen.set(p.induk_pembelajaran_id, n);
    order.set(p.pembelajaran_id, n);
  }
  const rows = r.pembelajaran.map((p) => {
    const root = p.induk_pembelajaran_id ? (parents.get(p.induk_pembelajaran_id) ?? p) : p;
    const isP5 = p.mata_pelajaran_id === P5_PARENT || root.mata_pelajaran_id === P5_PARENT;
    const elective = r.jenis_rombel === 16;
    const kejuruan = elective || isKejuruan(p.mata_pelajaran_id) || isKejuruan(root.mata_pelajaran_id);
    const kelompokId = isP5 ? null : k13 ? (kejuruan ? 10 : 6) : kejuruan ? 17 : 16;
    const noUrut = isP5 ? null : (order.get(p.pembelajaran_id) ?? null);
    return {
      pembelajaranId: p.pembelajaran_id,
      pembelajaranIdDapodik: p.pembelajaran_id,
      sekolahId,
      semesterId: p.semester_id,
      rombonganBelajarId: p.rombongan_belajar_id,
      guruId: p.ptk_id,
      guruPengajarId: null,
      mataPelajaranId: p.mata_pelajaran_id,
      namaMataPelajaran: p.nama_mata_pelajaran,
      kelompokId,
      noUrut,
      indukPembelajaranId: p.induk_pembelajaran_id,
      jamMengajarPerMinggu: p.jam_mengajar_per_minggu,
      isDapodik: true,
    };
  });
  return rows;
}

function guruRow(school: DemoSchool, p: Ptk, sekolahId: string): typeof guru.$inferInsert {
  return {
    guruId: p.ptk_id,
    guruIdDapodik: p.ptk_id,
    sekolahId,
    nama: p.nama,
    nuptk: p.nuptk,
    nip: p.nip,
    nik: p.nik,
    jenisKelamin: p.jenis_kelamin,
    tempatLahir: p.tempat_lahir,
    tanggalLahir: p.tanggal_lahir,
    jenisPtkId: p.ptk_terdaftar.jenis_ptk_id,
    agamaId: p.agama_id,
    statusKepegawaianId: p.status_kepegawaian_id,
    jabatanPtkId: p.tugas_tambahan?.jabatan_ptk_id ?? null,
    alamat: p.alamat_jalan,
    rt: str(p.rt),
    rw: str(p.rw),
    desaKelurahan: p.desa_kelurahan,
    kecamatan: kecamatanOf(school, p.kode_wilayah),
    kodeWilayah: p.kode_wilayah,
    kodePos: p.kode_pos,
    noHp: p.no_hp,
    email: lower(p.email),
    isDapodik: true,
  };
}

function pesertaDidikRow(
  school: DemoSchool,
  pd: PesertaDidik,
  sekolahId: string,
  nisn: string | null,
  active: boolean,
): typeof pesertaDidik.$inferInsert {
  return {
    pesertaDidikId: pd.peserta_didik_id,
    pesertaDidikIdDapodik: pd.peserta_didik_id,
    sekolahId,
    nama: pd.nama,
    noInduk: pd.registrasi_peserta_didik.nipd,
    nisn,
    nik: pd.nik,
    jenisKelamin: pd.jenis_kelamin,
    tempatLahir: pd.tempat_lahir,
    tanggalLahir: pd.tanggal_lahir,
    agamaId: pd.agama_id,
    status: 'Anak Kandung',
    anakKe: pd.anak_keberapa,
    alamat: pd.alamat_jalan,
    rt: str(pd.rt),
    rw: str(pd.rw),
    namaDusun: pd.nama_dusun,
    desaKelurahan: pd.desa_kelurahan,
    kecamatan: kecamatanOf(school, pd.kode_wilayah),
    kodePos: pd.kode_pos,
    kodeWilayah: pd.kode_wilayah,
    noTelp: pd.nomor_telepon_rumah,
    noHp: pd.nomor_telepon_seluler,
    email: lower(pd.email),
    sekolahAsal: pd.registrasi_peserta_didik.sekolah_asal,
    diterimaKelas: pd.diterima_dikelas?.rombongan_belajar.nama ?? null,
    diterima: pd.registrasi_peserta_didik.tanggal_masuk_sekolah,
    namaAyah: pd.nama_ayah,
    namaIbu: pd.nama_ibu_kandung,
    kerjaAyah: pd.pekerjaan_id_ayah,
    kerjaIbu: pd.pekerjaan_id_ibu,
    namaWali: pd.nama_wali,
    kerjaWali: pd.pekerjaan_id_wali,
    active,
  };
}

export interface WrittenCounts {
  guru: number;
  peserta_didik: number;
  rombongan_belajar: number;
  anggota_rombel: number;
  pembelajaran: number;
}

/**
 * Writes `school` (all of it) inside the caller's transaction. `deletedAt` is the time stamped on
 * rows the generator marks as deleted. Returns how many rows of the main tables it offered.
 */
export async function writeSchool(
  db: Db,
  school: DemoSchool,
  deletedAt: Date,
  options: { pupilsActive?: boolean } = {},
): Promise<WrittenCounts> {
  // A past semester (demo history) brings its graduates: written as inactive pupils. Pupils who are
  // still at school are already there (written with the active semester) and stay as they are.
  const pupilsActive = options.pupilsActive ?? true;
  const s = school.sekolah;
  const sekolahId = s.sekolah_id;
  const semesterId = school.meta.semester_id;

  await insertMany(db, sekolah, [
    {
      sekolahId,
      sekolahIdDapodik: sekolahId,
      npsn: s.npsn,
      nama: s.nama,
      nss: s.nss,
      bentukPendidikanId: s.bentuk_pendidikan_id,
      statusSekolah: s.status_sekolah === 1 ? 'Negeri' : 'Swasta',
      alamat: s.alamat_jalan,
      rt: str(s.rt),
      rw: str(s.rw),
      desaKelurahan: s.desa_kelurahan,
      kecamatan: s.kecamatan,
      kabupaten: s.kabupaten_kota,
      provinsi: s.provinsi,
      kodeWilayah: s.kode_wilayah,
      kodePos: s.kode_pos,
      lintang: str(s.lintang),
      bujur: str(s.bujur),
      noTelp: s.nomor_telepon,
      noFax: s.nomor_fax,
      email: s.email,
      website: s.website,
    },
  ]);

  // The wilayah chain of the school (incl. the generated desa/kelurahan the national files lack),
  // so addresses print before any reference import. National rows already there stay untouched.
  await insertMany(
    db,
    refMstWilayah,
    school.wilayah.map((w) => ({
      kodeWilayah: w.kode_wilayah,
      nama: w.nama,
      idLevelWilayah: w.id_level_wilayah,
      mstKodeWilayah: w.mst_kode_wilayah,
      negaraId: w.negara_id,
      kodeBps: w.kode_bps,
      kodeDagri: w.kode_dagri,
    })),
  );

  // Curriculum texts written for the demo (is_dir 0), owned by the school.
  await insertMany(
    db,
    refCapaianPembelajaran,
    school.capaian_pembelajaran.map((c) => ({
      cpId: c.cp_id,
      mataPelajaranId: c.mata_pelajaran_id,
      fase: c.fase,
      elemen: c.elemen,
      deskripsi: c.deskripsi,
      aktif: c.aktif,
      isDir: c.is_dir,
      sekolahId,
    })),
  );
  await insertMany(
    db,
    refKompetensiDasar,
    school.kompetensi_dasar.map((k) => ({
      kompetensiDasarId: k.kompetensi_dasar_id,
      idKompetensi: k.id_kompetensi,
      kompetensiId: k.kompetensi_id,
      mataPelajaranId: k.mata_pelajaran_id,
      kelas10: k.kelas_10,
      kelas11: k.kelas_11,
      kelas12: k.kelas_12,
      kelas13: k.kelas_13,
      kompetensiDasar: k.kompetensi_dasar,
      aktif: k.aktif,
      kurikulum: k.kurikulum,
      sekolahId,
    })),
  );

  await insertMany(
    db,
    jurusanSp,
    s.jurusan_sp.map((j) => ({
      jurusanSpId: j.jurusan_sp_id,
      jurusanSpIdDapodik: j.jurusan_sp_id,
      sekolahId,
      jurusanId: j.jurusan_id,
      namaJurusanSp: j.nama_jurusan_sp,
    })),
  );
  const jurusanOfSp = new Map(s.jurusan_sp.map((j) => [j.jurusan_sp_id, j.jurusan_id]));

  await insertMany(
    db,
    dudi,
    school.dudi.map((d) => ({
      dudiId: d.dudi_id,
      dudiIdDapodik: d.dudi_id,
      sekolahId,
      nama: d.nama,
      bidangUsahaId: d.bidang_usaha_id,
      namaBidangUsaha: d.nama_bidang_usaha,
      alamatJalan: d.alamat_jalan,
      rt: str(d.rt),
      rw: str(d.rw),
      namaDusun: d.nama_dusun,
      desaKelurahan: d.desa_kelurahan,
      kodeWilayah: d.kode_wilayah,
      kodePos: d.kode_pos,
      lintang: str(d.lintang),
      bujur: str(d.bujur),
      nomorTelepon: d.nomor_telepon,
      nomorFax: d.nomor_fax,
      email: d.email,
      website: d.website,
      npwp: d.npwp,
    })),
  );

  const allPtk = [...school.ptk, ...school.ptk_keluar];
  await insertMany(
    db,
    guru,
    allPtk.map((p) => guruRow(school, p, sekolahId)),
  );
  await insertMany(
    db,
    gelarPtk,
    allPtk.flatMap((p) =>
      p.rwy_pend_formal
        .filter((r) => !r.Soft_delete && r.gelar_akademik_id)
        .map((r, i) => ({
          gelarPtkId: r.riwayat_pendidikan_formal_id,
          gelarPtkIdDapodik: r.riwayat_pendidikan_formal_id,
          sekolahId,
          guruId: p.ptk_id,
          gelarAkademikId: r.gelar_akademik_id,
          noUrut: i + 1,
        })),
    ),
  );
  await insertMany(
    db,
    ptkKeluar,
    school.ptk_keluar.map((p) => ({ sekolahId, semesterId, guruId: p.ptk_id })),
  );

  // NISN is unique per school; Dapodik data may repeat one (a seeded edge case). Who keeps it is the
  // sync's rule (resolveNisn, decision 016): the smallest peserta_didik_id; the others go without.
  const { nisnOf: keptNisn } = resolveNisn(
    [...school.peserta_didik, ...school.peserta_didik_keluar].map((pd) => ({
      id: pd.peserta_didik_id,
      nama: pd.nama,
      nisn: pd.nisn || null,
    })),
  );
  const nisnOf = (pd: PesertaDidik): string | null => keptNisn(pd.peserta_didik_id);
  const pdRows = [
    ...school.peserta_didik.map((pd) => pesertaDidikRow(school, pd, sekolahId, nisnOf(pd), pupilsActive)),
    ...school.peserta_didik_keluar.map((pd) => pesertaDidikRow(school, pd, sekolahId, nisnOf(pd), false)),
  ];
  await insertMany(db, pesertaDidik, pdRows);
  await insertMany(
    db,
    pdKeluar,
    school.peserta_didik_keluar.map((pd) => ({
      sekolahId,
      semesterId,
      pesertaDidikId: pd.peserta_didik_id,
      jenisKeluarId: pd.registrasi_peserta_didik.jenis_keluar_id,
      tanggalKeluar: pd.registrasi_peserta_didik.tanggal_keluar,
      keterangan: pd.registrasi_peserta_didik.keterangan,
    })),
  );

  await insertMany(
    db,
    rombonganBelajar,
    school.rombongan_belajar.map((r) => ({
      rombonganBelajarId: r.rombongan_belajar_id,
      rombonganBelajarIdDapodik: r.rombongan_belajar_id,
      sekolahId,
      semesterId: r.semester_id,
      nama: r.nama,
      tingkat: r.tingkat_pendidikan_id,
      jenisRombel: r.jenis_rombel,
      jurusanId: r.jurusan_sp_id ? (jurusanOfSp.get(r.jurusan_sp_id) ?? null) : null,
      jurusanSpId: r.jurusan_sp_id,
      kurikulumId: r.kurikulum_id,
      guruId: r.ptk_id,
      namaRuang: r.nm_ruang,
      deletedAt: (r.soft_delete ?? r.Soft_delete) ? deletedAt : null,
    })),
  );

  // Memberships: those listed under each rombel, the regular one of every pupil, and the
  // (soft-deleted) memberships of the pupils who left.
  const memberships = new Map<string, typeof anggotaRombel.$inferInsert>();
  const rombelSemester = new Map(
    school.rombongan_belajar.map((r) => [r.rombongan_belajar_id, r.semester_id]),
  );
  const addMember = (
    a: {
      anggota_rombel_id: string;
      rombongan_belajar_id: string;
      peserta_didik_id: string;
      jenis_pendaftaran_id: number;
    },
    deleted: boolean,
  ) => {
    const prev = memberships.get(a.anggota_rombel_id);
    if (prev && !deleted) return;
    memberships.set(a.anggota_rombel_id, {
      anggotaRombelId: a.anggota_rombel_id,
      anggotaRombelIdDapodik: a.anggota_rombel_id,
      sekolahId,
      semesterId: rombelSemester.get(a.rombongan_belajar_id) ?? semesterId,
      rombonganBelajarId: a.rombongan_belajar_id,
      pesertaDidikId: a.peserta_didik_id,
      jenisPendaftaranId: a.jenis_pendaftaran_id,
      deletedAt: deleted ? deletedAt : null,
    });
  };
  for (const r of school.rombongan_belajar) for (const a of r.anggota_rombel) addMember(a, false);
  for (const pd of school.peserta_didik) addMember(pd.anggota_rombel, false);
  for (const pd of school.peserta_didik_keluar) addMember(pd.anggota_rombel, true);
  await insertMany(db, anggotaRombel, [...memberships.values()]);

  const pembRows = school.rombongan_belajar.flatMap((r) => pembelajaranRows(r, sekolahId));
  // Parents before their sub-subjects (a batch boundary may fall between them).
  await insertMany(db, pembelajaran, [
    ...pembRows.filter((x) => x.indukPembelajaranId === null),
    ...pembRows.filter((x) => x.indukPembelajaranId !== null),
  ]);

  await insertMany(
    db,
    ekstrakurikuler,
    school.ekstrakurikuler.map((e) => ({
      ekstrakurikulerId: e.ID_kelas_ekskul,
      ekstrakurikulerIdDapodik: e.ID_kelas_ekskul,
      sekolahId,
      semesterId: rombelSemester.get(e.rombongan_belajar_id) ?? semesterId,
      namaEkskul: e.nm_ekskul,
      guruId: e.pembina_ptk_id,
      alamatEkskul: e.nm_ruang,
      rombonganBelajarId: e.rombongan_belajar_id,
      isDapodik: true,
    })),
  );

  const mous = school.dudi.flatMap((d) => d.mou);
  await insertMany(
    db,
    mou,
    mous.map((m) => ({
      mouId: m.mou_id,
      mouIdDapodik: m.mou_id,
      sekolahId,
      dudiId: m.dudi_id,
      idJnsKs: m.id_jns_ks,
      nomorMou: m.nomor_mou,
      judulMou: m.judul_mou,
      tanggalMulai: m.tanggal_mulai,
      tanggalSelesai: m.tanggal_selesai,
      namaDudi: m.nama_dudi,
      npwpDudi: m.npwp_dudi,
      namaBidangUsaha: m.nama_bidang_usaha,
      telpKantor: m.telp_kantor,
      fax: m.fax,
      contactPerson: m.contact_person,
      telpCp: m.telp_cp,
      jabatanCp: m.jabatan_cp,
    })),
  );
  const akts = mous.flatMap((m) => m.akt_pd);
  await insertMany(
    db,
    aktPd,
    akts.map((a) => ({
      aktPdId: a.id_akt_pd,
      aktPdIdDapodik: a.id_akt_pd,
      sekolahId,
      mouId: a.mou_id,
      idJnsAktPd: a.id_jns_akt_pd,
      judulAktPd: a.judul_akt_pd,
      skTugas: a.sk_tugas,
      tglSkTugas: a.tgl_sk_tugas,
      ketAkt: a.ket_akt,
      aKomunal: a.a_komunal,
    })),
  );
  await insertMany(
    db,
    anggotaAktPd,
    akts.flatMap((a) =>
      a.anggota_akt_pd.map((m) => ({
        anggotaAktPdId: m.id_ang_akt_pd,
        anggotaAktPdIdDapodik: m.id_ang_akt_pd,
        sekolahId,
        aktPdId: m.id_akt_pd,
        pesertaDidikId: m.registrasi_peserta_didik.peserta_didik_id,
        nmPd: m.nm_pd,
        nipd: m.nipd,
        jnsPeranPd: m.jns_peran_pd,
      })),
    ),
  );
  await insertMany(
    db,
    bimbingPd,
    akts.flatMap((a) =>
      a.bimbing_pd.map((b) => ({
        bimbingPdId: b.id_bimb_pd,
        bimbingPdIdDapodik: b.id_bimb_pd,
        sekolahId,
        aktPdId: b.id_akt_pd,
        guruId: b.ptk_id,
        urutanPembimbing: b.urutan_pembimbing,
      })),
    ),
  );

  return {
    guru: allPtk.length,
    peserta_didik: pdRows.length,
    rombongan_belajar: school.rombongan_belajar.length,
    anggota_rombel: memberships.size,
    pembelajaran: pembRows.length,
  };
}
