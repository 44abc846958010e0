import { jurusanById } from '@erapor/reference-data/jurusan';
import { PROGRAMMES } from '../curriculum.ts';
import type { GenerateContext } from './context.ts';

/** Phase: the school's id and its programmes (jurusan_sp). */
export function makeSekolahJurusan(ctx: GenerateContext): void {
  const sr = ctx.root.fork('sekolah');
  const sekolah_id = sr.uuid();
  ctx.sekolah_id = sekolah_id;
  const progKeys = [...new Set(ctx.profile.classes.map((c) => c.prog))];
  for (const key of ['TJKT', 'PPLG', 'AKL', 'MPLB'] as const) {
    const id = sr.uuid(); // drawn for every programme so ids do not depend on the profile's programmes
    if (!progKeys.includes(key)) continue;
    const j = jurusanById.get(PROGRAMMES[key].jurusanKonsentrasi);
    if (!j) throw new Error(`jurusan ${PROGRAMMES[key].jurusanKonsentrasi} missing`);
    ctx.jurusanSp[key] = {
      jurusan_sp_id: id,
      sekolah_id,
      jurusan_id: j.jurusan_id,
      nama_jurusan_sp: j.nama_jurusan,
    };
  }
}
