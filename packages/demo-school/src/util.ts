/** Small pure helpers of the generator: dates, strings, unique registries, addresses, NIK. */
import { padKodeWilayah, wilayahByKode } from '@erapor/reference-data/wilayah';
import { type Gender, TRADISI_BY_AGAMA } from './names.ts';
import { GANG, JALAN, KECAMATAN_WEIGHTS, KELURAHAN, PERUMAHAN } from './places.ts';
import type { Rng } from './rng.ts';

export function at<T>(items: readonly T[], i: number): T {
  const v = items[i];
  if (v === undefined) throw new Error(`index ${i} out of range (${items.length})`);
  return v;
}

export const DAY = 86_400_000;
export const dayOf = (y: number, m: number, d: number) => Date.UTC(y, m - 1, d) / DAY;
export function ymd(day: number): string {
  const d = new Date(day * DAY);
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}-${String(d.getUTCDate()).padStart(2, '0')}`;
}
export function dmy(day: number): { dd: number; mm: number; yy: number; yyyy: number } {
  const d = new Date(day * DAY);
  return {
    dd: d.getUTCDate(),
    mm: d.getUTCMonth() + 1,
    yy: d.getUTCFullYear() % 100,
    yyyy: d.getUTCFullYear(),
  };
}
export const p2 = (n: number) => String(n).padStart(2, '0');
export const slug = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '.')
    .replace(/^\.|\.$/g, '');
export const ROMAWI: Record<number, string> = { 10: 'X', 11: 'XI', 12: 'XII' };
export const round6 = (x: number) => Math.round(x * 1e6) / 1e6;
/** Code-unit string order (locale-independent, so output never depends on the machine). */
export const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
/** 'value:weight value:weight ...' → weighted entries for Rng.weighted. */
const parsedWeights = new Map<string, [number, number][]>();
export function weights(spec: string): [number, number][] {
  let w = parsedWeights.get(spec);
  if (!w) {
    w = spec.split(' ').map((pair) => pair.split(':').map(Number) as [number, number]);
    parsedWeights.set(spec, w);
  }
  return w;
}
export const tradisiFor = (agama: number) =>
  TRADISI_BY_AGAMA[agama] ?? TRADISI_BY_AGAMA[1] ?? [['jawa', 1] as const];

export const HP_PREFIX = [
  '0811',
  '0812',
  '0813',
  '0821',
  '0822',
  '0852',
  '0853',
  '0857',
  '0858',
  '0877',
  '0878',
  '0881',
  '0895',
  '0896',
];
export const hp = (rng: Rng) => `${rng.pick(HP_PREFIX)}${rng.digits(rng.int(7, 8))}`;

export interface Domisili {
  kec: string; // unpadded Dapodik code
  kode_wilayah: string; // padded
  kelurahan: string;
  kode_pos: string;
  dagri: string; // 6 digits
}

export function domisili(rng: Rng): Domisili {
  const kec = rng.weighted(KECAMATAN_WEIGHTS);
  const w = wilayahByKode.get(padKodeWilayah(kec));
  const info = KELURAHAN[kec];
  if (!w || !info || !w.kode_dagri) throw new Error(`wilayah ${kec} missing from reference-data`);
  return {
    kec,
    kode_wilayah: w.kode_wilayah,
    kelurahan: rng.pick(info.kelurahan),
    kode_pos: String(Number(info.kodePos) + rng.int(0, 3)),
    dagri: w.kode_dagri.trim().slice(0, 6),
  };
}

export function alamat(rng: Rng): string {
  const r = rng.next();
  if (r < 0.45) return `${rng.pick(JALAN)} No. ${rng.int(1, 120)}`;
  if (r < 0.7) return `${rng.pick(GANG)} No. ${rng.int(1, 60)}`;
  return `${rng.pick(PERUMAHAN)} Blok ${String.fromCharCode(65 + rng.int(0, 7))}${rng.int(1, 12)} No. ${rng.int(1, 40)}`;
}

/** Unique-value registry (NIK, NISN, NUPTK...). Redraws from the same stream until unique. */
export class Unique {
  private seen = new Set<string>();
  take(draw: () => string): string {
    for (let i = 0; i < 1000; i++) {
      const v = draw();
      if (!this.seen.has(v)) {
        this.seen.add(v);
        return v;
      }
    }
    throw new Error('could not draw a unique value');
  }
}

/** NIK: 6-digit Kemendagri kecamatan code + DDMMYY (day + 40 for women) + 4-digit sequence. */
export function nik(rng: Rng, dagri: string, lahir: number, gender: Gender): string {
  const { dd, mm, yy } = dmy(lahir);
  return `${dagri}${p2(gender === 'P' ? dd + 40 : dd)}${p2(mm)}${p2(yy)}${String(rng.int(1, 9999)).padStart(4, '0')}`;
}
