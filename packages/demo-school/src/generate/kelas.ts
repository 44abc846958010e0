import { K13_KURIKULUM_ID, PROGRAMMES } from '../curriculum.ts';
import type { RombonganBelajar } from '../types.ts';
import { p2, ROMAWI } from '../util.ts';
import type { GenerateContext } from './context.ts';

/** Phase: the regular classes of the profile (empty yet), and which host the religious minorities. */
export function makeKelas(ctx: GenerateContext): void {
  const { profile, classRng, kelasList, sekolah_id, semesterId, jurusanSp, tahun, year } = ctx;
  for (const spec of profile.classes) {
    const prog = PROGRAMMES[spec.prog];
    const id = classRng.uuid();
    const nama = `${ROMAWI[spec.tingkat]} ${spec.prog} ${spec.index}`;
    const kurikulum_id = spec.k13
      ? K13_KURIKULUM_ID
      : spec.tingkat === 10
        ? prog.kurikulumE
        : prog.kurikulumF;
    const rombel: RombonganBelajar = {
      rombongan_belajar_id: id,
      sekolah_id,
      semester_id: semesterId,
      nama,
      tingkat_pendidikan_id: spec.tingkat,
      jenis_rombel: 1,
      kurikulum_id,
      jurusan_sp_id: jurusanSp[spec.prog]?.jurusan_sp_id ?? null,
      ptk_id: '',
      id_ruang: classRng.uuid(),
      nm_ruang: `R. ${spec.tingkat - 9}${p2(kelasList.length + 1)}`,
      moving_class: 0,
      soft_delete: 0,
      anggota_rombel: [],
      pembelajaran: [],
    };
    kelasList.push({
      spec,
      id,
      nama,
      tingkat: spec.tingkat,
      kurikulum_id,
      jurusan_sp_id: rombel.jurusan_sp_id ?? '',
      intake: tahun - (spec.tingkat - 10),
      members: [],
      rombel,
      agamaPresent: [],
    });
  }

  // Which classes host the religious minorities (so each religion teacher has a real timetable).
  const { minorityCount } = ctx;
  for (const tingkat of [10, 11, 12] as const) {
    const ar = year.fork(`agama/${tingkat}`);
    const candidates = kelasList.filter((k) => k.tingkat === tingkat && !k.spec.empty);
    for (const m of profile.minorities) {
      const chosen = ar.shuffle(candidates).slice(0, m.classes[tingkat]);
      for (const k of chosen) {
        const byAgama = minorityCount.get(k.id) ?? new Map<number, number>();
        byAgama.set(m.agama, ar.int(m.perClass[0], m.perClass[1]));
        minorityCount.set(k.id, byAgama);
      }
    }
  }
}
