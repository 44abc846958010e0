import type { PesertaDidik } from '../types.ts';
import { cmp, p2 } from '../util.ts';
import type { GenerateContext, Kelas } from './context.ts';

/**
 * Phase: nipd, sequential per intake year (siswa baru first, then pindahan) in class and name order;
 * then the anggota_rombel ids (new every semester) and the religions present in each class.
 */
export function numberPupils(ctx: GenerateContext): void {
  const { kelasList, softDeleted, keluar, sem } = ctx;
  {
    const byIntake = new Map<number, { pd: PesertaDidik; order: string }[]>();
    const add = (k: Kelas, pd: PesertaDidik) => {
      const list = byIntake.get(k.intake) ?? [];
      list.push({
        pd,
        order: `${pd.registrasi_peserta_didik.jenis_pendaftaran_id}|${['TJKT', 'PPLG', 'AKL', 'MPLB'].indexOf(k.spec.prog)}|${p2(k.spec.index)}|${pd.nama}|${pd.peserta_didik_id}`,
      });
      byIntake.set(k.intake, list);
    };
    for (const k of kelasList) for (const pd of k.members) add(k, pd);
    const kelasById = new Map([...kelasList, ...(softDeleted ? [softDeleted] : [])].map((k) => [k.id, k]));
    for (const pd of keluar) {
      const k = kelasById.get(pd.anggota_rombel.rombongan_belajar_id);
      if (k) add(k, pd);
    }
    for (const [intake, list] of [...byIntake].sort((a, b) => a[0] - b[0])) {
      list.sort((a, b) => cmp(a.order, b.order));
      const prefix = `${p2(intake % 100)}${p2((intake + 1) % 100)}`;
      list.forEach(({ pd }, i) => {
        pd.registrasi_peserta_didik.nipd = `${prefix}${String(i + 1).padStart(4, '0')}`;
      });
    }
  }
  {
    const ar = sem.fork('anggota');
    for (const k of kelasList) {
      for (const pd of k.members) {
        pd.anggota_rombel.anggota_rombel_id = ar.uuid();
        k.rombel.anggota_rombel.push(pd.anggota_rombel);
      }
      k.agamaPresent = [...new Set(k.members.map((m) => m.agama_id))].sort((a, b) => a - b);
    }
    for (const pd of keluar) pd.anggota_rombel.anggota_rombel_id = ar.uuid();
  }
}
