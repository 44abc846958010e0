/**
 * The `new-semester` scenario: Dapodik opens the next semester. As in real Dapodik every rombel,
 * membership and pembelajaran gets a new id; the old ones stay readable as history (grades can still
 * be pushed for them). Ganjil → genap keeps the classes and their pupils. Genap → ganjil (a new
 * tahun ajaran) promotes each class one tingkat (X TJKT 1 → XI TJKT 1, taking over the teaching plan,
 * curriculum and wali of the class that had that name), graduates the top classes into the keluar list
 * (jenis_keluar 1, Lulus), opens empty grade-10 classes for the intake (entered later, as schools do),
 * and starts electives empty.
 */
import { isSoftDeleted } from '@erapor/demo-school/queries';
import type { AnggotaRombel, Pembelajaran, PesertaDidik, RombonganBelajar } from '@erapor/demo-school/types';
import { ScenarioError } from './scenarios.ts';
import type { ChangeKind, SimState } from './state.ts';

const ROMAWI: Record<number, string> = { 10: 'X', 11: 'XI', 12: 'XII', 13: 'XIII' };

export function nextSemester(semesterId: string): string {
  const tahun = Number(semesterId.slice(0, 4));
  return semesterId.endsWith('1') ? `${tahun}2` : `${tahun + 1}1`;
}

/** "X TJKT 1" at tingkat 10 → "XI TJKT 1"; a name without the numeral prefix stays. */
function promotedName(nama: string, tingkat: number): string {
  const from = `${ROMAWI[tingkat]} `;
  return nama.startsWith(from) ? `${ROMAWI[tingkat + 1]} ${nama.slice(from.length)}` : nama;
}

export function newSemester(state: SimState, input: Record<string, unknown>, now: Date) {
  const from = state.semesterId;
  const expected = nextSemester(from);
  const to = typeof input.semester_id === 'string' && input.semester_id ? input.semester_id : expected;
  if (to !== expected) throw new ScenarioError(400, `semester berikutnya setelah ${from} adalah ${expected}`);
  const newYear = to.slice(0, 4) !== from.slice(0, 4);
  const school = state.school;
  const changes: [ChangeKind, string, 'upsert' | 'delete'][] = [];

  const old = school.rombongan_belajar;
  for (const r of old) {
    changes.push(['rombongan-belajar', r.rombongan_belajar_id, 'delete']);
    for (const a of r.anggota_rombel) changes.push(['anggota-rombel', a.anggota_rombel_id, 'delete']);
    for (const p of r.pembelajaran) changes.push(['pembelajaran', p.pembelajaran_id, 'delete']);
  }
  const live = old.filter((r) => !isSoftDeleted(r));
  const active = new Map(school.peserta_didik.map((p) => [p.peserta_didik_id, p]));
  const graduates = new Set<string>();
  if (newYear) {
    for (const r of live)
      if (r.jenis_rombel === 1 && r.tingkat_pendidikan_id >= 12)
        for (const a of r.anggota_rombel) graduates.add(a.peserta_didik_id);
  }
  const stays = (a: AnggotaRombel) => active.has(a.peserta_didik_id) && !graduates.has(a.peserta_didik_id);

  /** A copy of `src` for the new semester with new ids; teaching plan from `plan`, members from `members`. */
  const copy = (
    src: RombonganBelajar,
    over: Partial<Pick<RombonganBelajar, 'nama' | 'tingkat_pendidikan_id' | 'kurikulum_id' | 'ptk_id'>>,
    plan: RombonganBelajar,
    members: readonly AnggotaRombel[],
  ): RombonganBelajar => {
    const id = state.newId();
    const { soft_delete: _s, Soft_delete: _S, anggota_rombel: _a, pembelajaran: _p, ...fields } = src;
    const newIds = new Map(plan.pembelajaran.map((p) => [p.pembelajaran_id, state.newId()]));
    const pembelajaran: Pembelajaran[] = plan.pembelajaran.map((p) => ({
      ...p,
      pembelajaran_id: newIds.get(p.pembelajaran_id) as string,
      rombongan_belajar_id: id,
      semester_id: to,
      induk_pembelajaran_id: p.induk_pembelajaran_id ? (newIds.get(p.induk_pembelajaran_id) ?? null) : null,
    }));
    const anggota_rombel = members.map((a) => ({
      ...a,
      anggota_rombel_id: state.newId(),
      rombongan_belajar_id: id,
    }));
    const r: RombonganBelajar = {
      ...fields,
      ...over,
      rombongan_belajar_id: id,
      semester_id: to,
      soft_delete: 0,
      anggota_rombel,
      pembelajaran,
    };
    changes.push(['rombongan-belajar', id, 'upsert']);
    for (const a of anggota_rombel) changes.push(['anggota-rombel', a.anggota_rombel_id, 'upsert']);
    for (const p of pembelajaran) changes.push(['pembelajaran', p.pembelajaran_id, 'upsert']);
    return r;
  };

  const regular: RombonganBelajar[] = [];
  const byName = new Map(live.filter((r) => r.jenis_rombel === 1).map((r) => [r.nama, r]));
  for (const r of live.filter((x) => x.jenis_rombel === 1)) {
    const members = r.anggota_rombel.filter(stays);
    if (!newYear) {
      regular.push(copy(r, {}, r, members));
      continue;
    }
    if (r.tingkat_pendidikan_id < 12) {
      const nama = promotedName(r.nama, r.tingkat_pendidikan_id);
      const slot = byName.get(nama);
      regular.push(
        copy(
          r,
          {
            nama,
            tingkat_pendidikan_id: r.tingkat_pendidikan_id + 1,
            kurikulum_id: slot?.kurikulum_id ?? r.kurikulum_id,
            ptk_id: slot?.ptk_id ?? r.ptk_id,
          },
          slot ?? r,
          members,
        ),
      );
    }
    if (r.tingkat_pendidikan_id === 10) regular.push(copy(r, {}, r, []));
  }
  regular.sort((a, b) => a.tingkat_pendidikan_id - b.tingkat_pendidikan_id);

  const electives = live
    .filter((r) => r.jenis_rombel === 16)
    .map((r) => copy(r, {}, r, newYear ? [] : r.anggota_rombel.filter(stays)));
  const ekskulRombel = new Map<string, RombonganBelajar>();
  const ekskul = live
    .filter((r) => r.jenis_rombel === 51)
    .map((r) => {
      const c = copy(r, {}, r, r.anggota_rombel.filter(stays));
      ekskulRombel.set(r.rombongan_belajar_id, c);
      return c;
    });
  for (const e of school.ekstrakurikuler) changes.push(['ekstrakurikuler', e.ID_kelas_ekskul, 'delete']);
  school.ekstrakurikuler = school.ekstrakurikuler.flatMap((e) => {
    const r = ekskulRombel.get(e.rombongan_belajar_id);
    if (!r) return [];
    const ID_kelas_ekskul = state.newId();
    changes.push(['ekstrakurikuler', ID_kelas_ekskul, 'upsert']);
    return [{ ...e, ID_kelas_ekskul, rombongan_belajar_id: r.rombongan_belajar_id }];
  });

  // Pupils: the new regular membership; graduates to the keluar list of the new semester.
  const regularOf = new Map<string, AnggotaRombel>();
  for (const r of regular) for (const a of r.anggota_rombel) regularOf.set(a.peserta_didik_id, a);
  const keluar: PesertaDidik[] = [];
  const stillActive: PesertaDidik[] = [];
  for (const pd of school.peserta_didik) {
    changes.push(['peserta-didik', pd.peserta_didik_id, 'upsert']);
    if (graduates.has(pd.peserta_didik_id)) {
      pd.registrasi_peserta_didik.jenis_keluar_id = 1;
      pd.registrasi_peserta_didik.tanggal_keluar = `${to.slice(0, 4)}-06-30`;
      pd.registrasi_peserta_didik.keterangan = 'Lulus';
      keluar.push(pd);
      continue;
    }
    const a = regularOf.get(pd.peserta_didik_id);
    if (a) pd.anggota_rombel = a;
    stillActive.push(pd);
  }
  if (newYear) {
    for (const p of school.ptk) {
      p.ptk_terdaftar.tahun_ajaran_id = Number(to.slice(0, 4));
      changes.push(['ptk', p.ptk_id, 'upsert']);
    }
  }

  state.pastRombel.push(...old);
  school.rombongan_belajar = [...regular, ...electives, ...ekskul];
  school.peserta_didik = stillActive;
  // The keluar list is per semester: last semester's leavers are history now.
  school.peserta_didik_keluar = keluar;
  school.meta = { ...school.meta, semester_id: to, tahun_ajaran_id: Number(to.slice(0, 4)) };
  state.semesterId = to;
  state.mutated(now, changes);
  return {
    from,
    to,
    rombel: school.rombongan_belajar.length,
    graduated: keluar.length,
    peserta_didik: stillActive.length,
  };
}
