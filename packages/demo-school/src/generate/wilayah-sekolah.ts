import { type MstWilayah, wilayahByKode } from '@erapor/reference-data/wilayah';
import type { Sekolah, WilayahNode } from '../types.ts';
import { at, cmp } from '../util.ts';
import type { GenerateContext } from './context.ts';

/** Phase: the school's record with its wilayah chain, then every wilayah row in use. */
export function makeSekolahWilayah(ctx: GenerateContext): void {
  const { teachers, gurus, sekolah_id, npsn, jurusanSp, kelasList, keluar, ptkKeluar, dudiList } = ctx;
  const kec = wilayahByKode.get('026504  ') as MstWilayah;
  const desa: MstWilayah = {
    ...kec,
    kode_wilayah: '02650403',
    nama: 'Margahayu',
    id_level_wilayah: 4,
    mst_kode_wilayah: kec.kode_wilayah,
    kode_bps: null,
    kode_dagri: null,
    a_desa: '0',
    a_kelurahan: '1',
  };
  const node = (w: MstWilayah | undefined): WilayahNode | null => {
    if (!w || w.id_level_wilayah < 1) return null;
    return {
      ...w,
      parrent_recursive: node(w.mst_kode_wilayah ? wilayahByKode.get(w.mst_kode_wilayah) : undefined),
    };
  };
  const chain: WilayahNode = { ...desa, parrent_recursive: node(kec) };
  const kepsek = teachers.find((t) => t.kepsek) ?? at(gurus, 0);

  const sekolah: Sekolah = {
    sekolah_id,
    npsn,
    nss: `401026504${npsn.slice(-3)}`,
    nama: 'SMK Negeri Demo',
    bentuk_pendidikan_id: 15,
    status_sekolah: 1,
    alamat_jalan: 'Jl. Pendidikan No. 1',
    rt: 3,
    rw: 7,
    dusun: null,
    desa_kelurahan: 'Margahayu',
    kecamatan: 'Kec. Bekasi Timur',
    kabupaten_kota: 'Kota Bekasi',
    provinsi: 'Prov. Jawa Barat',
    kode_wilayah: desa.kode_wilayah,
    kode_pos: '17113',
    lintang: -6.245712,
    bujur: 107.013854,
    nomor_telepon: '021-88001234',
    nomor_fax: '021-88001235',
    email: 'info@demo.sch.id',
    website: 'https://demo.sch.id',
    is_sks: false,
    kepala_sekolah_ptk_id: kepsek.ptk.ptk_id,
    wilayah: chain,
    jurusan_sp: Object.values(jurusanSp),
  };

  // every wilayah row in use
  const usedKode = new Set<string>();
  const addKode = (kode: string) => {
    let w = wilayahByKode.get(kode);
    while (w && !usedKode.has(w.kode_wilayah)) {
      usedKode.add(w.kode_wilayah);
      w = w.mst_kode_wilayah ? wilayahByKode.get(w.mst_kode_wilayah) : undefined;
    }
  };
  const activePupils = kelasList.flatMap((k) => k.members);
  for (const x of [...activePupils, ...keluar, ...teachers.map((t) => t.ptk), ...ptkKeluar, ...dudiList])
    addKode(x.kode_wilayah);
  addKode(kec.kode_wilayah);
  const wilayah: MstWilayah[] = [
    ...[...usedKode]
      .map((k) => wilayahByKode.get(k) as MstWilayah)
      .sort((a, b) => a.id_level_wilayah - b.id_level_wilayah || cmp(a.kode_wilayah, b.kode_wilayah)),
    desa,
  ];
  ctx.sekolah = sekolah;
  ctx.wilayah = wilayah;
}
