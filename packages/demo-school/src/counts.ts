/**
 * Per-kind counts of a school as Dapodik reports them (the `status` numbers e-Rapor shows next to its
 * own, reference-dapodik §1.1 and §3). One definition for the Dapodik simulator's status endpoint and
 * for sync tests that compare what arrived with what the school holds. Works on a generated school
 * and on one changed afterwards (the simulator mutates its copy).
 */
import { isSoftDeleted } from './queries.ts';
import type { DemoSchool } from './types.ts';

export interface DapodikCounts {
  /** Active staff of the semester. */
  ptk: number;
  ptk_keluar: number;
  /** Live (not soft-deleted) rombel per jenis. */
  rombel: { reguler: number; pilihan: number; ekskul: number };
  /** Soft-deleted rombel still delivered (with soft_delete = 1) by the central server. */
  rombel_dihapus: number;
  pd_aktif: number;
  pd_keluar: number;
  /** Memberships of live regular (jenis 1) classes. */
  anggota_reguler: number;
  anggota_pilihan: number;
  anggota_ekskul: number;
  /** Teaching assignments of live rombel, sub-subjects and P5 themes included. */
  pembelajaran: number;
  ekskul: number;
  dudi: number;
  mou: number;
  akt_pd: number;
  anggota_akt_pd: number;
  bimbing_pd: number;
  pengguna: number;
}

export function dapodikCounts(school: DemoSchool): DapodikCounts {
  const live = school.rombongan_belajar.filter((r) => !isSoftDeleted(r));
  const ofJenis = (jenis: number) => live.filter((r) => r.jenis_rombel === jenis);
  const members = (jenis: number) => ofJenis(jenis).reduce((n, r) => n + r.anggota_rombel.length, 0);
  const mou = school.dudi.flatMap((d) => d.mou);
  const aktPd = mou.flatMap((m) => m.akt_pd);
  return {
    ptk: school.ptk.length,
    ptk_keluar: school.ptk_keluar.length,
    rombel: { reguler: ofJenis(1).length, pilihan: ofJenis(16).length, ekskul: ofJenis(51).length },
    rombel_dihapus: school.rombongan_belajar.length - live.length,
    pd_aktif: school.peserta_didik.length,
    pd_keluar: school.peserta_didik_keluar.length,
    anggota_reguler: members(1),
    anggota_pilihan: members(16),
    anggota_ekskul: members(51),
    pembelajaran: live.reduce((n, r) => n + r.pembelajaran.length, 0),
    ekskul: school.ekstrakurikuler.length,
    dudi: school.dudi.length,
    mou: mou.length,
    akt_pd: aktPd.length,
    anggota_akt_pd: aktPd.reduce((n, a) => n + a.anggota_akt_pd.length, 0),
    bimbing_pd: aktPd.reduce((n, a) => n + a.bimbing_pd.length, 0),
    pengguna: school.pengguna.length,
  };
}
