import type { GenerateContext } from './context.ts';

/** Phase: the electives' members: pupils of that programme and tingkat (Merdeka classes), one elective each. */
export function fillElectives(ctx: GenerateContext): void {
  const { sem, kelasList, electiveRombels } = ctx;
  {
    const mr = sem.fork('anggota-pilihan');
    const taken = new Set<string>();
    for (const e of electiveRombels) {
      const pool = kelasList
        .filter((k) => k.tingkat === e.spec.tingkat && k.spec.prog === e.spec.prog && !k.spec.k13)
        .flatMap((k) => k.members)
        .filter((pd) => !taken.has(pd.peserta_didik_id));
      const n = Math.min(pool.length, mr.int(e.spec.members[0], e.spec.members[1]));
      for (const pd of mr.shuffle(pool).slice(0, n)) {
        taken.add(pd.peserta_didik_id);
        e.rombel.anggota_rombel.push({
          anggota_rombel_id: mr.uuid(),
          rombongan_belajar_id: e.rombel.rombongan_belajar_id,
          peserta_didik_id: pd.peserta_didik_id,
          jenis_pendaftaran_id: pd.registrasi_peserta_didik.jenis_pendaftaran_id,
        });
      }
    }
  }
}
