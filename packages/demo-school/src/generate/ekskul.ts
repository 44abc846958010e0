import { PROGRAMMES } from '../curriculum.ts';
import { EKSKUL } from '../places.ts';
import type { RombonganBelajar } from '../types.ts';
import { at } from '../util.ts';
import type { GenerateContext } from './context.ts';

/** Phase: the ekstrakurikuler (rombel jenis 51) with pembina and members; ekskul@ leads Futsal. */
export function makeEkskul(ctx: GenerateContext): void {
  const { sem, gurus, profile, kelasList, sekolah_id, semesterId, ekskulRombels, ekstrakurikuler } = ctx;
  const ekskulDemo = ctx.teachers.find((t) => t.demo === 'ekskul');
  {
    const xr = sem.fork('ekskul');
    const pembinaPool = xr.shuffle(gurus.filter((t) => !t.demo && !t.kepsek));
    const names =
      profile.ekskul >= 2
        ? ['Pramuka', 'Futsal', ...EKSKUL.filter((n) => n !== 'Pramuka' && n !== 'Futsal')]
        : EKSKUL;
    const all = kelasList.flatMap((k) => k.members);
    const grade10 = kelasList.filter((k) => k.tingkat === 10).flatMap((k) => k.members);
    for (let i = 0; i < profile.ekskul; i++) {
      const nm = at(names, i);
      const pembina = nm === 'Futsal' && ekskulDemo ? ekskulDemo : at(pembinaPool, i % pembinaPool.length);
      if (nm === 'Pramuka' && !pembina.ptk.tugas_tambahan)
        pembina.ptk.tugas_tambahan = { jabatan_ptk_id: 42 };
      const ruang =
        nm === 'Robotik'
          ? 'Lab Komputer 2'
          : /bola|futsal|silat|karate|paskibra|pramuka/i.test(nm)
            ? 'Lapangan'
            : 'Aula';
      const rombel: RombonganBelajar = {
        rombongan_belajar_id: xr.uuid(),
        sekolah_id,
        semester_id: semesterId,
        nama: nm,
        tingkat_pendidikan_id: 10,
        jenis_rombel: 51,
        kurikulum_id: PROGRAMMES.TJKT.kurikulumE,
        jurusan_sp_id: null,
        ptk_id: pembina.ptk.ptk_id,
        id_ruang: xr.uuid(),
        nm_ruang: ruang,
        moving_class: 1,
        soft_delete: 0,
        anggota_rombel: [],
        pembelajaran: [],
      };
      const eligible =
        nm === 'Pramuka' ? grade10 : nm === 'Rohani Islam' ? all.filter((p) => p.agama_id === 1) : all;
      const n =
        nm === 'Pramuka'
          ? eligible.length
          : Math.min(eligible.length, xr.int(profile.ekskulMembers[0], profile.ekskulMembers[1]));
      const chosen = nm === 'Pramuka' ? eligible : xr.shuffle(eligible).slice(0, n);
      for (const pd of chosen) {
        rombel.anggota_rombel.push({
          anggota_rombel_id: xr.uuid(),
          rombongan_belajar_id: rombel.rombongan_belajar_id,
          peserta_didik_id: pd.peserta_didik_id,
          jenis_pendaftaran_id: pd.registrasi_peserta_didik.jenis_pendaftaran_id,
        });
      }
      ekskulRombels.push(rombel);
      ekstrakurikuler.push({
        ID_kelas_ekskul: xr.uuid(),
        nm_ekskul: nm,
        rombongan_belajar_id: rombel.rombongan_belajar_id,
        pembina_ptk_id: pembina.ptk.ptk_id,
        nm_ruang: ruang,
      });
    }
  }
}
