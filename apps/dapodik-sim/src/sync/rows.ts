/**
 * Rows of the neutral sync API (reference-dapodik §6.4): the information of the central server's
 * payloads (§2.2 column names: nama_ibu_kandung, pekerjaan_id_ayah, ...) flattened, with nested
 * records referenced by id. Codes stay numbers; data quirks of the school itself (a row spelling
 * `Soft_delete`, space-padded kode_wilayah) are passed through for the client to cope with.
 */
import type {
  AnggotaRombel,
  Dudi,
  Ekstrakurikuler,
  Pembelajaran,
  PesertaDidik,
  Ptk,
  RombonganBelajar,
  Sekolah,
  WilayahNode,
} from '@erapor/demo-school/types';
import type { MstWilayah } from '@erapor/reference-data/wilayah';

type Stamp = { updated_at: string };

export function sekolahDoc(s: Sekolah) {
  const { wilayah, jurusan_sp, kepala_sekolah_ptk_id, ...fields } = s;
  const chain: Omit<WilayahNode, 'parrent_recursive'>[] = [];
  for (let w: WilayahNode | null = wilayah; w; w = w.parrent_recursive) {
    const { parrent_recursive: _parent, ...row } = w;
    chain.push(row);
  }
  return { ...fields, kepala_sekolah_ptk_id, jurusan_sp, wilayah: chain };
}

export function ptkRow(p: Ptk, stamp: Stamp) {
  const { ptk_terdaftar: t, tugas_tambahan, rwy_pend_formal, ...fields } = p;
  return {
    ...fields,
    ptk_terdaftar_id: t.ptk_terdaftar_id,
    jenis_ptk_id: t.jenis_ptk_id,
    tahun_ajaran_id: t.tahun_ajaran_id,
    tanggal_surat_tugas: t.tanggal_surat_tugas,
    ptk_induk: t.ptk_induk,
    jabatan_ptk_id: tugas_tambahan?.jabatan_ptk_id ?? null,
    rwy_pend_formal,
    ...stamp,
  };
}

export function rombelRow(r: RombonganBelajar, stamp: Stamp) {
  const { anggota_rombel: _a, pembelajaran: _p, ptk_id, soft_delete, Soft_delete, ...fields } = r;
  return {
    ...fields,
    wali_ptk_id: ptk_id,
    // Whichever spelling the row has (the demo school seeds one `Soft_delete`, as Dapodik sends).
    ...(Soft_delete !== undefined ? { Soft_delete } : { soft_delete: soft_delete ?? 0 }),
    ...stamp,
  };
}

export function pesertaDidikRow(pd: PesertaDidik, stamp: Stamp) {
  const { registrasi_peserta_didik: reg, diterima_dikelas, anggota_rombel, ...fields } = pd;
  return {
    ...fields,
    diterima_dikelas: diterima_dikelas?.rombongan_belajar.nama ?? null,
    registrasi: {
      registrasi_id: reg.registrasi_id,
      nipd: reg.nipd,
      jenis_pendaftaran_id: reg.jenis_pendaftaran_id,
      tanggal_masuk_sekolah: reg.tanggal_masuk_sekolah,
      sekolah_asal: reg.sekolah_asal,
      jenis_keluar_id: reg.jenis_keluar_id,
      tanggal_keluar: reg.tanggal_keluar,
      keterangan: reg.keterangan,
    },
    anggota_rombel: {
      anggota_rombel_id: anggota_rombel.anggota_rombel_id,
      rombongan_belajar_id: anggota_rombel.rombongan_belajar_id,
      jenis_pendaftaran_id: anggota_rombel.jenis_pendaftaran_id,
    },
    ...stamp,
  };
}

export function anggotaRow(a: AnggotaRombel, jenisRombel: number, stamp: Stamp) {
  return { ...a, jenis_rombel: jenisRombel, ...stamp };
}

export function pembelajaranRow(p: Pembelajaran, stamp: Stamp) {
  return { ...p, ...stamp };
}

export function ekskulRow(e: Ekstrakurikuler, stamp: Stamp) {
  return {
    id_kelas_ekskul: e.ID_kelas_ekskul,
    nm_ekskul: e.nm_ekskul,
    rombongan_belajar_id: e.rombongan_belajar_id,
    pembina_ptk_id: e.pembina_ptk_id,
    nm_ruang: e.nm_ruang,
    ...stamp,
  };
}

/** A DUDI with its MoU, PKL activities, members and supervisors as flat sibling lists. */
export function dudiRow(d: Dudi, stamp: Stamp) {
  const { mou, ...fields } = d;
  const aktPd = mou.flatMap((m) => m.akt_pd);
  return {
    ...fields,
    mou: mou.map(({ akt_pd: _akt, ...m }) => m),
    akt_pd: aktPd.map(({ anggota_akt_pd: _a, bimbing_pd: _b, ...a }) => a),
    anggota_akt_pd: aktPd.flatMap((a) =>
      a.anggota_akt_pd.map(({ registrasi_peserta_didik: reg, ...m }) => ({
        ...m,
        peserta_didik_id: reg.peserta_didik_id,
        registrasi_id: reg.registrasi_id,
      })),
    ),
    bimbing_pd: aktPd.flatMap((a) => a.bimbing_pd),
    ...stamp,
  };
}

/** The wilayah reference plus the school's own rows it lacks (the generated desa/kelurahan). */
export function wilayahRows(reference: readonly MstWilayah[], school: readonly MstWilayah[]): MstWilayah[] {
  const known = new Set(reference.map((w) => w.kode_wilayah));
  return [...reference, ...school.filter((w) => !known.has(w.kode_wilayah))];
}
