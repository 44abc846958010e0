import {
  classPlan,
  ELECTIVE_POOL,
  MAPEL_AGAMA,
  POOL_AGAMA,
  type Pool,
  PROGRAMMES,
  type UnitKind,
} from '../curriculum.ts';
import type { RombonganBelajar } from '../types.ts';
import { ROMAWI } from '../util.ts';
import { type GenerateContext, type Kelas, kelasByNama, namaMapel, type Unit } from './context.ts';

function unit(
  k: Kelas | null,
  rombel: RombonganBelajar,
  mapel: number,
  jam: number,
  pool: Pool,
  kind: UnitKind,
): Unit {
  return {
    kelas: k,
    rombel,
    mapel,
    jam,
    pool,
    kind,
    avoidDemo: false,
    forced: null,
    slot: -1,
    teacher: null,
    parentKey: null,
    key: `${rombel.rombongan_belajar_id}|${mapel}`,
  };
}

/**
 * Phase: the teaching units (one subject in one rombel) of the classes' plans, the electives' rombels
 * with their unit, and the unit whose teacher has left (edge case).
 */
export function makeUnits(ctx: GenerateContext): void {
  const { kelasList, profile, sem, sekolah_id, semesterId, jurusanSp, units, electiveRombels } = ctx;
  const edge = profile.edgeCases;
  const regular = kelasList;
  for (const k of regular) {
    const prog = PROGRAMMES[k.spec.prog];
    for (const agama of k.agamaPresent) {
      const mapel = MAPEL_AGAMA[agama];
      const pool = POOL_AGAMA[agama];
      if (!mapel || !pool) continue;
      units.push(unit(k, k.rombel, mapel, 3, pool, 'agama'));
    }
    for (const s of classPlan(prog, k.tingkat, k.spec.k13)) {
      if (s.kind === 'p5' || !s.pool) continue;
      if (s.kind === 'konsentrasi' && profile.subMapelTingkat === k.tingkat) {
        const parentKey = `${k.id}|${s.mapel}`;
        const n = prog.subMapel.length;
        prog.subMapel.forEach((child, i) => {
          const jam = Math.floor(s.jam / n) + (i < s.jam % n ? 1 : 0);
          const u = unit(k, k.rombel, child, jam, s.pool as Pool, 'konsentrasi');
          u.parentKey = parentKey;
          units.push(u);
        });
        continue;
      }
      const u = unit(k, k.rombel, s.mapel, s.jam, s.pool, s.kind);
      if (s.kind === 'pkl') u.avoidDemo = true;
      units.push(u);
    }
  }
  // Electives (jenis 16): one rombel and one unit each.
  {
    const er = sem.fork('pilihan');
    for (const spec of profile.electives) {
      const prog = PROGRAMMES[spec.prog];
      const rombel: RombonganBelajar = {
        rombongan_belajar_id: er.uuid(),
        sekolah_id,
        semester_id: semesterId,
        nama: `${ROMAWI[spec.tingkat]} ${spec.prog} Pilihan ${namaMapel(spec.mapel)}`,
        tingkat_pendidikan_id: spec.tingkat,
        jenis_rombel: 16,
        kurikulum_id: prog.kurikulumF,
        jurusan_sp_id: jurusanSp[spec.prog]?.jurusan_sp_id ?? null,
        ptk_id: '',
        id_ruang: er.uuid(),
        nm_ruang: `R. Pilihan ${electiveRombels.length + 1}`,
        moving_class: 1,
        soft_delete: 0,
        anggota_rombel: [],
        pembelajaran: [],
      };
      const pool = ELECTIVE_POOL[spec.mapel] ?? 'BING';
      const u = unit(null, rombel, spec.mapel, 4, pool, 'umum');
      u.avoidDemo = true;
      units.push(u);
      electiveRombels.push({ rombel, unit: u, spec });
    }
  }

  // The pembelajaran whose teacher has left (edge case): the arts lesson of X PPLG 1.
  ctx.keluarUnit = edge
    ? (units.find((u) => u.kelas === kelasByNama(ctx, 'X PPLG 1') && u.pool === 'SENI') ?? null)
    : null;
}
