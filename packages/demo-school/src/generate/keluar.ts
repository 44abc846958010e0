import { PROGRAMMES } from '../curriculum.ts';
import type { ClassSpec } from '../profiles.ts';
import type { RombonganBelajar } from '../types.ts';
import { weights, ymd } from '../util.ts';
import { type GenerateContext, type Kelas, waliKelasOf } from './context.ts';
import { makePupil } from './pupil.ts';

/** Phase: the soft-deleted rombel (edge case) and the pupils who left this semester. */
export function makeKeluar(ctx: GenerateContext): void {
  const { profile, classRng, sekolah_id, semesterId, jurusanSp, tahun, sem, kelasList, semStart } = ctx;
  const edge = profile.edgeCases;
  const waliKelas = waliKelasOf(ctx);
  let softDeleted: Kelas | null = null;
  if (edge) {
    const spec: ClassSpec = { prog: 'AKL', tingkat: 11, index: 5, k13: false, empty: false };
    const id = classRng.uuid();
    const rombel: RombonganBelajar = {
      rombongan_belajar_id: id,
      sekolah_id,
      semester_id: semesterId,
      nama: 'XI AKL 5',
      tingkat_pendidikan_id: 11,
      jenis_rombel: 1,
      kurikulum_id: PROGRAMMES.AKL.kurikulumF,
      jurusan_sp_id: jurusanSp.AKL?.jurusan_sp_id ?? null,
      ptk_id: '',
      id_ruang: classRng.uuid(),
      nm_ruang: 'R. 299',
      moving_class: 0,
      soft_delete: 1,
      anggota_rombel: [],
      pembelajaran: [],
    };
    softDeleted = {
      spec,
      id,
      nama: rombel.nama,
      tingkat: 11,
      kurikulum_id: rombel.kurikulum_id,
      jurusan_sp_id: rombel.jurusan_sp_id ?? '',
      intake: tahun - 1,
      members: [],
      rombel,
      agamaPresent: [],
    };
  }
  ctx.softDeleted = softDeleted;
  const { keluar } = ctx;
  {
    const kr = sem.fork('keluar');
    const pool = kelasList.filter((k) => !k.spec.empty && k !== waliKelas);
    const inDeleted = softDeleted ? 3 : 0;
    for (let n = 0; n < profile.leavers; n++) {
      const k = n < inDeleted && softDeleted ? softDeleted : kr.pick(pool);
      const pr = kr.fork(`pd/${n}`);
      const agama = pr.chance(0.9) ? 1 : pr.pick([2, 3]);
      const pd = makePupil(ctx, pr, k, agama, pr.chance(profile.boys[k.spec.prog]) ? 'L' : 'P');
      const jenis = pr.weighted(weights('2:15 5:6 4:4'));
      pd.registrasi_peserta_didik.jenis_keluar_id = jenis;
      pd.registrasi_peserta_didik.tanggal_keluar = ymd(semStart + pr.int(10, 100));
      pd.registrasi_peserta_didik.keterangan =
        jenis === 2
          ? `Pindah ke ${pr.pick(['SMK Negeri 3 Karawang', 'SMK Swasta Bina Karya Bogor', 'SMK Negeri 1 Cikarang', 'SMK Negeri 2 Purwakarta'])}`
          : jenis === 5
            ? 'Tidak hadir lebih dari tiga bulan'
            : 'Mengundurkan diri atas permintaan orang tua';
      keluar.push(pd);
    }
  }
}
