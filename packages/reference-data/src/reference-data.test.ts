import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { agama } from './agama.ts';
import { jurusan, jurusanById } from './jurusan.ts';
import { kurikulum, kurikulumById } from './kurikulum.ts';
import { mataPelajaranById } from './mata-pelajaran.ts';
import { mataPelajaranKurikulum } from './mata-pelajaran-kurikulum.ts';
import { P5_KODE_DIMENSI_TO_NO, p5Dimensi, p5Elemen, p5SubElemen } from './p5.ts';
import { mstWilayah, padKodeWilayah, wilayahChain } from './wilayah.ts';

const dataDir = fileURLToPath(new URL('../data', import.meta.url));

describe('reference-data', () => {
  it('stays small', () => {
    const total = readdirSync(dataDir).reduce((sum, f) => sum + statSync(join(dataDir, f)).size, 0);
    expect(total).toBeLessThan(1024 * 1024);
  });

  it('keeps the national religions', () => {
    expect(agama.map((a) => a.nama).slice(0, 6)).toEqual([
      'Islam',
      'Kristen',
      'Katholik',
      'Hindu',
      'Buddha',
      'Kong Hu Chu',
    ]);
  });

  it('has every Merdeka SMK curriculum and its programme chain', () => {
    const merdeka = kurikulum.filter((k) => k.nama_kurikulum.startsWith('SMK Merdeka'));
    expect(merdeka.length).toBeGreaterThan(150);
    for (const k of kurikulum) {
      expect(k.jurusan_id && jurusanById.has(k.jurusan_id)).toBe(true);
    }
    for (const j of jurusan) {
      if (j.jurusan_induk) expect(jurusanById.has(j.jurusan_induk)).toBe(true);
    }
    expect(jurusanById.get('16012425')?.nama_jurusan).toBe('Teknik Komputer dan Jaringan');
    expect(kurikulumById.get(418)?.nama_kurikulum).toContain('2013 REV');
  });

  it('resolves every subject of the kept curriculum lists, plus PKL and P5', () => {
    for (const row of mataPelajaranKurikulum) {
      expect(mataPelajaranById.has(row.mata_pelajaran_id), String(row.mata_pelajaran_id)).toBe(true);
      expect(kurikulumById.has(row.kurikulum_id)).toBe(true);
    }
    expect(mataPelajaranById.get(800001000)?.nama).toBe('Praktik Kerja Lapangan');
    expect(mataPelajaranById.get(200040000)?.nama).toBe('Project Penguatan Profil Pelajar Pancasila');
  });

  it('walks a wilayah chain up to the province', () => {
    const chain = wilayahChain('026504');
    expect(chain.map((w) => w.id_level_wilayah)).toEqual([3, 2, 1]);
    expect(chain.map((w) => w.nama)).toEqual(['Kec. Bekasi Timur', 'Kota Bekasi', 'Prov. Jawa Barat']);
    expect(padKodeWilayah('026504')).toBe('026504  ');
    expect(wilayahChain('999998')).toEqual([]);
    expect(mstWilayah.filter((w) => w.id_level_wilayah === 1).length).toBeGreaterThanOrEqual(34);
  });

  it('keeps P5 as published and maps its kode_dimensi onto the dimension list', () => {
    expect(p5Dimensi).toHaveLength(6);
    expect(p5Elemen).toHaveLength(20);
    expect(p5SubElemen).toHaveLength(42);
    const elemenByNo = new Map(p5Elemen.map((e) => [e.no, e]));
    for (const s of p5SubElemen) {
      expect(elemenByNo.get(s['kede elemen'])?.kode_dimensi).toBe(s.kode_dimensi);
    }
    const dimensiOf = (elemen: string) => {
      const e = p5Elemen.find((x) => x.elemen === elemen);
      return p5Dimensi.find((d) => d.no === P5_KODE_DIMENSI_TO_NO[e?.kode_dimensi ?? 0])?.dimensi;
    };
    expect(dimensiOf('Kolaborasi')).toBe('Bergotong-royong');
    expect(dimensiOf('Regulasi diri')).toBe('Mandiri');
    expect(dimensiOf('Berkeadilan sosial')).toBe('Berkebinekaan global');
    expect(dimensiOf('Refleksi pemikiran dan proses berpikir')).toBe('Bernalar kritis');
    expect(dimensiOf('Menghasilkan gagasan yang orisinal')).toBe('Perkembangan dimensi kreatif');
  });
});
