/**
 * Scenario mutations (reference-dapodik §6.5): the changes an operator makes in Dapodik between two
 * syncs, each producing the diff a real sync would see (new ids where Dapodik makes new ones, rows
 * disappearing from the active lists, soft-delete flags). Every mutation starts a new snapshot and
 * lands in the change feed.
 */
import { isSoftDeleted } from '@erapor/demo-school/queries';
import type { RombonganBelajar } from '@erapor/demo-school/types';
import type { ChangeKind, SimState } from './state.ts';

export class ScenarioError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

type Input = Record<string, unknown>;
type ChangeList = [ChangeKind, string, 'upsert' | 'delete'][];

/** The first of the given fields (the spec's short names are accepted too: pd, to_rombel, ptk, id). */
function field(input: Input, ...names: string[]): string {
  for (const n of names) {
    const v = input[n];
    if (typeof v === 'string' && v) return v;
  }
  throw new ScenarioError(400, `${names[0]} harap diisi`);
}

/** Today's date in WIB (Dapodik's dates are local). */
export function tanggalWib(now: Date): string {
  return new Date(now.getTime() + 7 * 3_600_000).toISOString().slice(0, 10);
}

function liveRombel(state: SimState, id: string, jenis?: number): RombonganBelajar {
  const r = state.school.rombongan_belajar.find((x) => x.rombongan_belajar_id === id);
  if (!r || isSoftDeleted(r)) throw new ScenarioError(404, `rombongan belajar ${id} tidak ditemukan`);
  if (jenis !== undefined && r.jenis_rombel !== jenis)
    throw new ScenarioError(400, `rombongan belajar ${id} bukan jenis ${jenis}`);
  return r;
}

function activePupil(state: SimState, id: string) {
  const pd = state.school.peserta_didik.find((p) => p.peserta_didik_id === id);
  if (!pd) throw new ScenarioError(404, `peserta didik aktif ${id} tidak ditemukan`);
  return pd;
}

/** A pupil moves to another regular class: the old membership goes, a new one (new id) appears. */
export function movePupil(state: SimState, input: Input, now: Date) {
  const pd = activePupil(state, field(input, 'peserta_didik_id', 'pd'));
  const to = liveRombel(state, field(input, 'to_rombongan_belajar_id', 'to_rombel'), 1);
  const oldAnggota = pd.anggota_rombel;
  if (oldAnggota.rombongan_belajar_id === to.rombongan_belajar_id)
    throw new ScenarioError(409, 'peserta didik sudah di rombongan belajar ini');
  const from = state.school.rombongan_belajar.find(
    (r) => r.rombongan_belajar_id === oldAnggota.rombongan_belajar_id,
  );
  if (from)
    from.anggota_rombel = from.anggota_rombel.filter(
      (a) => a.anggota_rombel_id !== oldAnggota.anggota_rombel_id,
    );
  const anggota = {
    anggota_rombel_id: state.newId(),
    rombongan_belajar_id: to.rombongan_belajar_id,
    peserta_didik_id: pd.peserta_didik_id,
    jenis_pendaftaran_id: oldAnggota.jenis_pendaftaran_id,
  };
  to.anggota_rombel.push(anggota);
  pd.anggota_rombel = anggota;
  state.mutated(now, [
    ['anggota-rombel', oldAnggota.anggota_rombel_id, 'delete'],
    ['anggota-rombel', anggota.anggota_rombel_id, 'upsert'],
    ['peserta-didik', pd.peserta_didik_id, 'upsert'],
  ]);
  return {
    peserta_didik_id: pd.peserta_didik_id,
    from_rombongan_belajar_id: oldAnggota.rombongan_belajar_id,
    old_anggota_rombel_id: oldAnggota.anggota_rombel_id,
    anggota_rombel_id: anggota.anggota_rombel_id,
    rombongan_belajar_id: to.rombongan_belajar_id,
  };
}

/** A pupil leaves the school (mutasi, putus sekolah, ...): from the active list to the keluar list. */
export function pupilLeaves(state: SimState, input: Input, now: Date) {
  const pd = activePupil(state, field(input, 'peserta_didik_id', 'pd'));
  const jenis = input.jenis_keluar_id ?? input.jenis_keluar ?? 2;
  const jenisKeluar = Number(jenis);
  if (!Number.isInteger(jenisKeluar) || jenisKeluar < 1)
    throw new ScenarioError(400, 'jenis_keluar_id tidak valid');
  const reg = pd.registrasi_peserta_didik;
  reg.jenis_keluar_id = jenisKeluar;
  reg.tanggal_keluar = typeof input.tanggal_keluar === 'string' ? input.tanggal_keluar : tanggalWib(now);
  reg.keterangan = typeof input.keterangan === 'string' ? input.keterangan : null;
  const changes: ChangeList = [['peserta-didik', pd.peserta_didik_id, 'upsert']];
  // Every membership of the semester ends (regular class, electives, extracurriculars).
  for (const r of state.school.rombongan_belajar) {
    const gone = r.anggota_rombel.filter((a) => a.peserta_didik_id === pd.peserta_didik_id);
    if (!gone.length) continue;
    r.anggota_rombel = r.anggota_rombel.filter((a) => a.peserta_didik_id !== pd.peserta_didik_id);
    for (const a of gone) changes.push(['anggota-rombel', a.anggota_rombel_id, 'delete']);
  }
  state.school.peserta_didik = state.school.peserta_didik.filter((p) => p !== pd);
  state.school.peserta_didik_keluar.push(pd);
  state.mutated(now, changes);
  return {
    peserta_didik_id: pd.peserta_didik_id,
    jenis_keluar_id: jenisKeluar,
    tanggal_keluar: reg.tanggal_keluar,
  };
}

/** A teacher leaves: gone from the active PTK list; their pembelajaran and homerooms stay as they were. */
export function ptkLeaves(state: SimState, input: Input, now: Date) {
  const id = field(input, 'ptk_id', 'ptk');
  const ptk = state.school.ptk.find((p) => p.ptk_id === id);
  if (!ptk) throw new ScenarioError(404, `PTK aktif ${id} tidak ditemukan`);
  state.school.ptk = state.school.ptk.filter((p) => p !== ptk);
  state.school.ptk_keluar.push(ptk);
  state.mutated(now, [['ptk', id, 'delete']]);
  return { ptk_id: id, ptk_keluar: state.school.ptk_keluar.length };
}

/** A teacher who left is registered again (same ptk_id, as Dapodik keeps the person). */
export function ptkReturns(state: SimState, input: Input, now: Date) {
  const id = field(input, 'ptk_id', 'ptk');
  const ptk = state.school.ptk_keluar.find((p) => p.ptk_id === id);
  if (!ptk) throw new ScenarioError(404, `PTK keluar ${id} tidak ditemukan`);
  state.school.ptk_keluar = state.school.ptk_keluar.filter((p) => p !== ptk);
  state.school.ptk.push(ptk);
  state.mutated(now, [['ptk', id, 'upsert']]);
  return { ptk_id: id, ptk: state.school.ptk.length };
}

/**
 * A class is deleted: soft_delete = 1 (in whichever spelling the row uses). Dapodik keeps the row;
 * the Web Service stops listing it, the sync API lists it flagged, its memberships and pembelajaran
 * leave the lists. Members are not moved (use move-pupil first for a clean delete).
 */
export function rombelDelete(state: SimState, input: Input, now: Date) {
  const r = liveRombel(state, field(input, 'rombongan_belajar_id', 'id'));
  if (r.Soft_delete !== undefined) r.Soft_delete = 1;
  else r.soft_delete = 1;
  const changes: ChangeList = [['rombongan-belajar', r.rombongan_belajar_id, 'delete']];
  for (const a of r.anggota_rombel) changes.push(['anggota-rombel', a.anggota_rombel_id, 'delete']);
  for (const p of r.pembelajaran) changes.push(['pembelajaran', p.pembelajaran_id, 'delete']);
  const ekskul = state.school.ekstrakurikuler.filter(
    (e) => e.rombongan_belajar_id === r.rombongan_belajar_id,
  );
  for (const e of ekskul) changes.push(['ekstrakurikuler', e.ID_kelas_ekskul, 'delete']);
  state.school.ekstrakurikuler = state.school.ekstrakurikuler.filter((e) => !ekskul.includes(e));
  state.mutated(now, changes);
  return { rombongan_belajar_id: r.rombongan_belajar_id, members: r.anggota_rombel.length };
}

/** A subject's name changes: one pembelajaran (`pembelajaran_id`) or every one of a `mata_pelajaran_id`. */
export function renameMapel(state: SimState, input: Input, now: Date) {
  const nama = typeof input.nama_mata_pelajaran === 'string' ? input.nama_mata_pelajaran.trim() : '';
  if (!nama) throw new ScenarioError(400, 'nama_mata_pelajaran harap diisi');
  const all = state.school.rombongan_belajar.flatMap((r) => r.pembelajaran);
  const targets =
    typeof input.pembelajaran_id === 'string'
      ? all.filter((p) => p.pembelajaran_id === input.pembelajaran_id)
      : all.filter((p) => p.mata_pelajaran_id === Number(input.mata_pelajaran_id));
  if (!targets.length) throw new ScenarioError(404, 'pembelajaran tidak ditemukan');
  for (const p of targets) p.nama_mata_pelajaran = nama;
  state.mutated(
    now,
    targets.map((p) => ['pembelajaran', p.pembelajaran_id, 'upsert'] as const),
  );
  return { renamed: targets.length };
}
