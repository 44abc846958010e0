import type { Pengguna } from '../types.ts';
import { slug } from '../util.ts';
import { type GenerateContext, required } from './context.ts';

/** Phase: the pengguna (Dapodik user accounts): admin, operator, then one per PTK. */
export function makePengguna(ctx: GenerateContext): void {
  const { root, sekolah_id, teachers, emailReg, pengguna } = ctx;
  const sekolah = required(ctx.sekolah, 'sekolah');
  const ur = root.fork('pengguna');
  const adminPengguna: Pengguna = {
    pengguna_id: ur.uuid(),
    sekolah_id,
    username: 'admin@demo.sch.id',
    nama: 'Administrator',
    peran_id_str: 'Operator Sekolah',
    alamat: sekolah.alamat_jalan,
    no_telepon: sekolah.nomor_telepon,
    no_hp: null,
    ptk_id: null,
    peserta_didik_id: null,
  };
  pengguna.push(adminPengguna, {
    pengguna_id: ur.uuid(),
    sekolah_id,
    username: 'operator@demo.sch.id',
    nama: 'Operator Dapodik',
    peran_id_str: 'Operator Sekolah',
    alamat: sekolah.alamat_jalan,
    no_telepon: sekolah.nomor_telepon,
    no_hp: null,
    ptk_id: null,
    peserta_didik_id: null,
  });
  for (const t of teachers) {
    const username =
      t.ptk.email ?? emailReg.take(() => `${slug(t.ptk.nama).split('.')[0]}.${ur.digits(4)}@demo.sch.id`);
    pengguna.push({
      pengguna_id: ur.uuid(),
      sekolah_id,
      username,
      nama: t.ptk.nama,
      peran_id_str: t.kepsek ? 'Kepala Sekolah' : 'PTK',
      alamat: t.ptk.alamat_jalan,
      no_telepon: null,
      no_hp: t.ptk.no_hp,
      ptk_id: t.ptk.ptk_id,
      peserta_didik_id: null,
    });
  }
  ctx.adminPengguna = adminPengguna;
}
