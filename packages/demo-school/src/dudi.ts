/**
 * The demo's DUDI (business partners) and their MoU with the school (reference-dapodik §2.2
 * dudi → mou): `profile.dudi[programme]` partners per programme, named from places.ts, each with
 * one MoU of three years around the tahun ajaran. The PKL groups (mou → akt_pd) are drawn in
 * generate.ts, which knows the classes and teachers; the plans, scores and attendance of the
 * living demo in pkl.ts. Deterministic: every partner's draws come from `dr` forked by programme
 * and number, so its ids depend on (seed, profile, npsn) only.
 */
import type { ProgKey } from './curriculum.ts';
import { personName, TRADISI_BY_AGAMA } from './names.ts';
import { DUDI_NAMES } from './places.ts';
import type { Profile } from './profiles.ts';
import type { Rng } from './rng.ts';
import type { Dudi, Uuid } from './types.ts';
import { alamat, at, domisili, hp, round6, slug } from './util.ts';

export function generateDudi(
  dr: Rng,
  profile: Profile,
  sekolah_id: Uuid,
  tahun: number,
): { dudiList: Dudi[]; dudiByProg: Map<ProgKey, Dudi[]> } {
  const dudiList: Dudi[] = [];
  const dudiByProg = new Map<ProgKey, Dudi[]>();
  let n = 0;
  for (const key of ['TJKT', 'PPLG', 'AKL', 'MPLB'] as const) {
    const names = DUDI_NAMES[key] ?? [];
    const count = profile.dudi[key] ?? 0;
    for (let i = 0; i < count; i++) {
      const d = at(names, i % names.length);
      const r = dr.fork(`${key}/${i}`);
      const dom = domisili(r);
      const dudi_id = r.uuid();
      const cp = personName(
        r,
        r.weighted(TRADISI_BY_AGAMA[1] ?? []),
        r.chance(0.5) ? 'L' : 'P',
        'dewasa',
      ).nama;
      const npwp = r.digits(15);
      const telp = `021-${r.int(82, 89)}${r.digits(6)}`;
      n++;
      const dudi: Dudi = {
        dudi_id,
        nama: d.nama,
        bidang_usaha_id: d.bidangId,
        nama_bidang_usaha: d.bidang,
        alamat_jalan: alamat(r),
        rt: r.int(1, 10),
        rw: r.int(1, 15),
        nama_dusun: null,
        desa_kelurahan: dom.kelurahan,
        kode_wilayah: dom.kode_wilayah,
        kode_pos: dom.kode_pos,
        lintang: round6(-6.2 - r.next() * 0.16),
        bujur: round6(106.95 + r.next() * 0.14),
        nomor_telepon: telp,
        nomor_fax: r.chance(0.3) ? `021-${r.int(82, 89)}${r.digits(6)}` : null,
        email: `${slug(d.nama).replace(/\./g, '')}@mitra.demo.sch.id`,
        website: null,
        npwp,
        mou: [
          {
            mou_id: r.uuid(),
            id_jns_ks: 1,
            dudi_id,
            sekolah_id,
            nomor_mou: `421.5/${String(n).padStart(3, '0')}/SMKN-DEMO/${tahun - 1}`,
            judul_mou: `Kerja Sama Praktik Kerja Lapangan dan Penyelarasan Kurikulum ${key}`,
            tanggal_mulai: `${tahun - 1}-06-15`,
            tanggal_selesai: `${tahun + 2}-06-14`,
            nama_dudi: d.nama,
            npwp_dudi: npwp,
            nama_bidang_usaha: d.bidang,
            telp_kantor: telp,
            fax: null,
            contact_person: cp,
            telp_cp: hp(r),
            jabatan_cp: r.pick(['Manajer SDM', 'Kepala Bagian Umum', 'Supervisor Operasional', 'Pimpinan']),
            akt_pd: [],
          },
        ],
      };
      dudiList.push(dudi);
      dudiByProg.set(key, [...(dudiByProg.get(key) ?? []), dudi]);
    }
  }
  return { dudiList, dudiByProg };
}
