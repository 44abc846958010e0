/**
 * Ketidakhadiran of the demo's homeroom classes (the wali kelas's Sakit / Izin / Alpa, decision 026):
 * every member of every regular class, in the active semester and in the past ones alike, so a
 * reprinted card of an earlier semester prints its absences too (issue #27). Mostly 0–3 days, about
 * one pupil in 30 more. Deterministic: each member's draws come from `rng` forked by membership id.
 */
import type { Rng } from './rng.ts';
import type { RombonganBelajar, Uuid } from './types.ts';
import { weights } from './util.ts';

export interface DemoAbsensi {
  anggota_rombel_id: Uuid;
  sakit: number;
  izin: number;
  alpa: number;
}

/** The absences of the members of the regular classes among `rombels` (live classes only). */
export function generateAbsensi(rombels: readonly RombonganBelajar[], rng: Rng): DemoAbsensi[] {
  const out: DemoAbsensi[] = [];
  for (const r of rombels) {
    if (r.jenis_rombel !== 1) continue;
    for (const a of r.anggota_rombel) {
      const pr = rng.fork(a.anggota_rombel_id);
      const many = pr.chance(1 / 30);
      out.push({
        anggota_rombel_id: a.anggota_rombel_id,
        sakit: many ? pr.int(4, 12) : pr.weighted(weights('0:45 1:25 2:17 3:13')),
        izin: pr.weighted(weights('0:60 1:22 2:12 3:6')),
        alpa: many && pr.chance(0.5) ? pr.int(4, 8) : pr.weighted(weights('0:75 1:15 2:7 3:3')),
      });
    }
  }
  return out;
}
