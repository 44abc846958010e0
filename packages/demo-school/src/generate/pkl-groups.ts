import { PROGRAMMES, type ProgKey } from '../curriculum.ts';
import { generateDudi } from '../dudi.ts';
import type { AktPd } from '../types.ts';
import { at, ymd } from '../util.ts';
import { type GenerateContext, jpIn, pklKelasOf } from './context.ts';

/** Phase: DUDI and MoU (dudi.ts), then the PKL groups (akt_pd) of the grade-12 classes. */
export function makePklGroups(ctx: GenerateContext): void {
  const {
    root,
    profile,
    sekolah_id,
    tahun,
    sem,
    kelasList,
    byPool,
    unitsByRombel,
    gurus,
    semStart,
    pklAktPdIds,
  } = ctx;
  const pklKelas = pklKelasOf(ctx);
  const { dudiList, dudiByProg } = generateDudi(root.fork('dudi'), profile, sekolah_id, tahun);
  {
    const ar = sem.fork('akt-pd');
    let sk = 0;
    const used = new Map<ProgKey, number>();
    for (const k of kelasList.filter((x) => x.tingkat === 12 && x.members.length)) {
      const dudis = dudiByProg.get(k.spec.prog) ?? [];
      if (!dudis.length) continue;
      const pool = byPool.get(PROGRAMMES[k.spec.prog].pool) ?? [];
      const pklUnit = (unitsByRombel.get(k.id) ?? []).find((u) => u.kind === 'pkl');
      const nonDemo = pool.filter((t) => !t.demo);
      const first =
        pklUnit?.teacher ??
        jpIn(ctx, k).find(([t]) => !t.demo && t.pool === PROGRAMMES[k.spec.prog].pool)?.[0] ??
        nonDemo[0];
      const members = ar.shuffle(k.members);
      const groups = profile.aktPdPerClass;
      for (let g = 0; g < groups; g++) {
        const idx = used.get(k.spec.prog) ?? 0;
        used.set(k.spec.prog, idx + 1);
        const dudi = at(dudis, idx % dudis.length);
        const mou = at(dudi.mou, 0);
        const id_akt_pd = ar.uuid();
        sk++;
        const group = members.filter((_, i) => i % groups === g);
        const second =
          nonDemo.filter((t) => t !== first)[(g + sk) % Math.max(1, nonDemo.length - 1)] ??
          gurus.find((t) => !t.demo && t !== first);
        const akt: AktPd = {
          id_akt_pd,
          mou_id: mou.mou_id,
          id_jns_akt_pd: 6,
          judul_akt_pd: `PKL ${k.nama} di ${dudi.nama}`,
          sk_tugas: `800/${String(sk).padStart(3, '0')}/SMKN-DEMO/${tahun}`,
          tgl_sk_tugas: ymd(semStart - 5),
          ket_akt: 'Praktik Kerja Lapangan',
          a_komunal: 1,
          anggota_akt_pd: group.map((pd, i) => ({
            id_ang_akt_pd: ar.uuid(),
            id_akt_pd,
            nm_pd: pd.nama,
            nipd: pd.registrasi_peserta_didik.nipd,
            jns_peran_pd: i === 0 ? 1 : 2,
            registrasi_peserta_didik: {
              peserta_didik_id: pd.peserta_didik_id,
              registrasi_id: pd.registrasi_peserta_didik.registrasi_id,
            },
          })),
          bimbing_pd: [],
        };
        if (first)
          akt.bimbing_pd.push({
            id_bimb_pd: ar.uuid(),
            id_akt_pd,
            ptk_id: first.ptk.ptk_id,
            urutan_pembimbing: 1,
          });
        if (second)
          akt.bimbing_pd.push({
            id_bimb_pd: ar.uuid(),
            id_akt_pd,
            ptk_id: second.ptk.ptk_id,
            urutan_pembimbing: 2,
          });
        mou.akt_pd.push(akt);
        if (k === pklKelas) pklAktPdIds.push(id_akt_pd);
      }
    }
  }
  ctx.dudiList = dudiList;
}
