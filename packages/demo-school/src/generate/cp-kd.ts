import { CP_TEXTS, KD_TEXTS } from '../capaian.ts';
import { K13_KURIKULUM_ID } from '../curriculum.ts';
import { type GenerateContext, k13KelasOf } from './context.ts';

/** Phase: the CP (Merdeka, per fase) and KD (K13 class) texts written for the demo's subjects. */
export function makeCapaianKd(ctx: GenerateContext): void {
  const { kelasList, electiveRombels, capaian, kd, root } = ctx;
  const k13Kelas = k13KelasOf(ctx);
  {
    const faseOf = new Map<number, Set<'E' | 'F'>>();
    const add = (mapel: number, fase: 'E' | 'F') => {
      const s = faseOf.get(mapel) ?? new Set();
      s.add(fase);
      faseOf.set(mapel, s);
    };
    for (const r of [...kelasList.map((k) => k.rombel), ...electiveRombels.map((e) => e.rombel)]) {
      if (r.kurikulum_id === K13_KURIKULUM_ID) continue;
      for (const p of r.pembelajaran) add(p.mata_pelajaran_id, r.tingkat_pendidikan_id === 10 ? 'E' : 'F');
    }
    let cpId = 1_000_000;
    for (const mapel of [...faseOf.keys()].sort((a, b) => a - b)) {
      for (const fase of ['E', 'F'] as const) {
        if (!faseOf.get(mapel)?.has(fase)) continue;
        for (const [elemen, deskripsi] of CP_TEXTS[mapel]?.[fase] ?? []) {
          capaian.push({
            cp_id: ++cpId,
            mata_pelajaran_id: mapel,
            fase,
            elemen,
            deskripsi,
            aktif: 1,
            is_dir: 0,
          });
        }
      }
    }
    const kr = root.fork('kd');
    if (k13Kelas) {
      const mapels = [...new Set(k13Kelas.rombel.pembelajaran.map((p) => p.mata_pelajaran_id))].sort(
        (a, b) => a - b,
      );
      for (const mapel of mapels) {
        const texts = KD_TEXTS[mapel];
        if (!texts) continue;
        texts.forEach((list, ki) => {
          list.forEach((text, i) => {
            kd.push({
              kompetensi_dasar_id: kr.uuid(),
              id_kompetensi: `${ki === 0 ? 3 : 4}.${i + 1}`,
              kompetensi_id: ki + 1,
              mata_pelajaran_id: mapel,
              kelas_10: 0,
              kelas_11: 0,
              kelas_12: 1,
              kelas_13: 0,
              kompetensi_dasar: text,
              kurikulum: 2017,
              aktif: 1,
            });
          });
        });
      }
    }
  }
}
