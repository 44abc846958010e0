import type { PesertaDidik } from '../types.ts';
import { at } from '../util.ts';
import { type GenerateContext, waliKelasOf } from './context.ts';

/** Phase: siswa@ (a pupil of wali@'s class) and, if the profile has them, the pupil-level edge cases. */
export function markEdgePupils(ctx: GenerateContext): void {
  const { kelasList, year, edgeCases } = ctx;
  const edge = ctx.profile.edgeCases;
  const waliKelas = waliKelasOf(ctx);
  // siswa@: a pupil of wali@'s class.
  const siswa =
    waliKelas.members.find((p) => p.agama_id === 1 && p.jenis_kelamin === 'L') ?? at(waliKelas.members, 0);
  siswa.nama = 'Andi Pratama';
  siswa.email = 'siswa@demo.sch.id';
  if (edge) {
    const xr = year.fork('edge');
    const others = kelasList.filter((k) => k !== waliKelas && k.members.length > 2);
    const pickPupil = (filter: (p: PesertaDidik) => boolean, avoid: Set<string>) => {
      for (const k of xr.shuffle(others)) {
        const p = k.members.find((m) => filter(m) && !avoid.has(m.peserta_didik_id));
        if (p) return p;
      }
      return null;
    };
    const usedIds = new Set<string>();
    const take = (filter: (p: PesertaDidik) => boolean) => {
      const p = pickPupil(filter, usedIds);
      if (p) usedIds.add(p.peserta_didik_id);
      return p;
    };
    const a = take(() => true);
    const b = take((p) => p.anggota_rombel.rombongan_belajar_id !== a?.anggota_rombel.rombongan_belajar_id);
    if (a && b) {
      b.nisn = a.nisn;
      edgeCases.duplicateNisn = [a.peserta_didik_id, b.peserta_didik_id];
    }
    const noNik = take(() => true);
    if (noNik) {
      noNik.nik = null;
      edgeCases.nikNull = noNik.peserta_didik_id;
    }
    const apos = take((p) => p.agama_id === 1 && p.jenis_kelamin === 'P');
    if (apos) {
      apos.nama = "Nur'aini Ma'rifatul Jannah";
      edgeCases.specialNames.push(apos.peserta_didik_id);
    }
    const diak = take((p) => p.agama_id === 2 && p.jenis_kelamin === 'L');
    if (diak) {
      const marga = diak.nama.split(' ').slice(-1)[0];
      diak.nama = `André Sébastien ${marga}`;
      edgeCases.specialNames.push(diak.peserta_didik_id);
    }
    const unknown = take(() => true);
    if (unknown) {
      unknown.kode_wilayah = '026599  ';
      if (unknown.nik) unknown.nik = `327599${unknown.nik.slice(6)}`;
      edgeCases.unknownKodeWilayah = unknown.peserta_didik_id;
    }
  }
  ctx.siswa = siswa;
}
