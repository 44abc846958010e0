/**
 * The grades push ("Kirim nilai ke Dapodik", reference-dapodik §2.1, §4.2, §6.3, §7.6): mata evaluasi
 * via postMatevRapor, grades via postNilai?table=rapor. Both are upserts by the ids the client sends,
 * so a retry with the same ids changes nothing. Rules the simulator enforces (the real ones are not
 * published): one live matev per (rombel, pembelajaran), one grade per (matev, membership) — hence
 * exactly one grade per pupil and subject however often a client retries.
 */
import { isSoftDeleted } from '@erapor/demo-school/queries';
import { mataPelajaranById } from '@erapor/reference-data/mata-pelajaran';
import type { MatevRow, NilaiRow, SimState, Stored } from './state.ts';

export interface PostResult {
  success: boolean;
  message: string;
  id_evaluasi?: string;
  nilai_id?: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const SAVED = 'Data berhasil disimpan';

/** Lenient number: the PHP service takes "85" as well as 85. */
function num(v: unknown): number | null {
  if (typeof v === 'number') return Number.isFinite(v) ? v : Number.NaN;
  if (typeof v === 'string' && v.trim() !== '') return Number(v);
  return null;
}
const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);
const fail = (message: string): PostResult => ({ success: false, message });

function record(
  state: SimState,
  endpoint: 'postMatevRapor' | 'postNilai',
  at: Date,
  query: Record<string, string>,
  body: unknown,
  result: PostResult,
): PostResult {
  state.received.push({
    at: at.toISOString(),
    endpoint,
    query,
    body,
    response: { success: result.success, message: result.message },
  });
  return result;
}

export function postMatevRapor(
  state: SimState,
  body: unknown,
  query: Record<string, string>,
  at: Date,
): PostResult {
  return record(state, 'postMatevRapor', at, query, body, saveMatev(state, body));
}

function saveMatev(state: SimState, body: unknown): PostResult {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return fail('Data tidak valid');
  const b = body as Record<string, unknown>;
  const id = str(b.id_evaluasi);
  if (!id || !UUID.test(id)) return fail('id_evaluasi tidak valid');
  const index = state.index();
  const rombelId = str(b.rombongan_belajar_id);
  const rombel = rombelId ? index.rombel.get(rombelId) : undefined;
  if (!rombel || isSoftDeleted(rombel) || (rombel.jenis_rombel !== 1 && rombel.jenis_rombel !== 16))
    return fail('Rombongan belajar tidak ditemukan');
  const mapel = num(b.mata_pelajaran_id);
  if (mapel === null || !Number.isInteger(mapel) || !mataPelajaranById.has(mapel))
    return fail('Mata pelajaran tidak ditemukan');
  const pembelajaranId = str(b.pembelajaran_id);
  if (pembelajaranId) {
    const p = index.pembelajaran.get(pembelajaranId);
    if (!p || p.rombongan_belajar_id !== rombel.rombongan_belajar_id)
      return fail('Pembelajaran tidak ditemukan di rombongan belajar ini');
    if (p.mata_pelajaran_id !== mapel) return fail('Mata pelajaran tidak sesuai dengan pembelajaran');
  } else if (!rombel.pembelajaran.some((p) => p.mata_pelajaran_id === mapel)) {
    return fail('Mata pelajaran tidak diajarkan di rombongan belajar ini');
  }
  const nama = typeof b.nm_mata_evaluasi === 'string' ? b.nm_mata_evaluasi.trim() : '';
  if (!nama || nama.length > 50) return fail('nm_mata_evaluasi harus diisi (maksimal 50 karakter)');
  const flag = (v: unknown, fallback: number) => {
    const n = num(v);
    return n === null ? fallback : n === 1 ? 1 : n === 0 ? 0 : Number.NaN;
  };
  const aDariTemplate = flag(b.a_dari_template, 1);
  const softDelete = flag(b.soft_delete, 0);
  if (Number.isNaN(aDariTemplate) || Number.isNaN(softDelete))
    return fail('a_dari_template/soft_delete harus 0 atau 1');
  const kkm = (v: unknown) => {
    const n = num(v);
    return n === null ? null : n >= 0 && n <= 100 ? n : Number.NaN;
  };
  const kkmK = kkm(b.kkm_kognitif);
  const kkmP = kkm(b.kkm_psikomotorik);
  if (Number.isNaN(kkmK) || Number.isNaN(kkmP)) return fail('KKM harus 0 sampai 100');
  const noUrut = num(b.no_urut);
  if (noUrut !== null && !(Number.isInteger(noUrut) && noUrut >= 0 && noUrut < 1000))
    return fail('no_urut tidak valid');

  const existing = state.matev.get(id);
  if (existing && existing.row.rombongan_belajar_id !== rombel.rombongan_belajar_id)
    return fail('id_evaluasi sudah dipakai rombongan belajar lain');
  if (softDelete === 0) {
    const twin = [...state.matev.values()].find(
      (m) =>
        m.row.id_evaluasi !== id &&
        m.row.soft_delete === 0 &&
        m.row.rombongan_belajar_id === rombel.rombongan_belajar_id &&
        (pembelajaranId ? m.row.pembelajaran_id === pembelajaranId : m.row.mata_pelajaran_id === mapel),
    );
    if (twin)
      return fail(`Mata evaluasi untuk pembelajaran ini sudah ada (id_evaluasi ${twin.row.id_evaluasi})`);
  }
  const row: MatevRow = {
    id_evaluasi: id,
    rombongan_belajar_id: rombel.rombongan_belajar_id,
    mata_pelajaran_id: mapel,
    pembelajaran_id: pembelajaranId,
    nm_mata_evaluasi: nama,
    a_dari_template: aDariTemplate,
    no_urut: noUrut,
    kkm_kognitif: kkmK,
    kkm_psikomotorik: kkmP,
    create_date: existing?.row.create_date ?? str(b.create_date),
    last_update: str(b.last_update),
    soft_delete: softDelete,
    last_sync: str(b.last_sync),
    updater_id: str(b.updater_id),
  };
  state.matev.set(id, { row, semester_id: rombel.semester_id, writes: (existing?.writes ?? 0) + 1 });
  return { success: true, message: SAVED, id_evaluasi: id };
}

export function postNilai(
  state: SimState,
  body: unknown,
  query: Record<string, string>,
  at: Date,
): PostResult {
  const result = query.table === 'rapor' ? saveNilai(state, body) : fail('Parameter table tidak valid');
  return record(state, 'postNilai', at, query, body, result);
}

function saveNilai(state: SimState, body: unknown): PostResult {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return fail('Data tidak valid');
  const b = body as Record<string, unknown>;
  const nilaiId = str(b.nilai_id);
  if (!nilaiId || !UUID.test(nilaiId)) return fail('nilai_id tidak valid');
  const matevId = str(b.id_evaluasi);
  const matev = matevId ? state.matev.get(matevId) : undefined;
  if (!matev || matev.row.soft_delete === 1) return fail('Mata evaluasi tidak ditemukan');
  const anggotaId = str(b.anggota_rombel_id);
  const anggota = anggotaId ? state.index().anggota.get(anggotaId) : undefined;
  if (!anggota || anggota.rombongan_belajar_id !== matev.row.rombongan_belajar_id)
    return fail('Anggota rombel tidak terdaftar di rombongan belajar ini');
  const nilai = num(b.nilai_kognitif_angka);
  if (nilai === null || !(nilai >= 0 && nilai <= 100)) return fail('nilai_kognitif_angka harus 0 sampai 100');
  const softDelete = num(b.soft_delete) === 1 ? 1 : 0;

  const key = `${matev.row.id_evaluasi}|${anggota.anggota_rombel_id}`;
  const owner = state.nilaiKeyById.get(nilaiId);
  if (owner !== undefined && owner !== key) return fail('nilai_id sudah dipakai untuk nilai lain');
  const existing = state.nilai.get(key);
  // A re-send under a new nilai_id replaces the grade (still one per pupil and matev).
  if (existing) state.nilaiKeyById.delete(existing.row.nilai_id);
  state.nilaiKeyById.set(nilaiId, key);
  const row: NilaiRow = {
    nilai_id: nilaiId,
    id_evaluasi: matev.row.id_evaluasi,
    anggota_rombel_id: anggota.anggota_rombel_id,
    nilai_kognitif_angka: nilai,
    create_date: existing?.row.create_date ?? str(b.create_date),
    last_update: str(b.last_update),
    soft_delete: softDelete,
    last_sync: str(b.last_sync),
    updater_id: str(b.updater_id),
  };
  state.nilai.set(key, { row, semester_id: matev.semester_id, writes: (existing?.writes ?? 0) + 1 });
  return { success: true, message: SAVED, nilai_id: nilaiId };
}

export interface MatevFilter {
  aDariTemplate?: number;
  rombonganBelajarId?: string;
  semesterId?: string;
}

export function listMatev(state: SimState, f: MatevFilter): MatevRow[] {
  return [...state.matev.values()]
    .filter(
      (m) =>
        (f.aDariTemplate === undefined || m.row.a_dari_template === f.aDariTemplate) &&
        (f.rombonganBelajarId === undefined || m.row.rombongan_belajar_id === f.rombonganBelajarId) &&
        (f.semesterId === undefined || m.semester_id === f.semesterId),
    )
    .map((m) => m.row);
}

/** `--prefill-matev`: one template matev per top-level pembelajaran of every live class and elective. */
export function prefillMatev(state: SimState): void {
  for (const r of state.school.rombongan_belajar) {
    if (isSoftDeleted(r) || (r.jenis_rombel !== 1 && r.jenis_rombel !== 16)) continue;
    r.pembelajaran
      .filter((p) => p.induk_pembelajaran_id === null)
      .forEach((p, i) => {
        const id = state.newId();
        state.matev.set(id, {
          row: {
            id_evaluasi: id,
            rombongan_belajar_id: r.rombongan_belajar_id,
            mata_pelajaran_id: p.mata_pelajaran_id,
            pembelajaran_id: p.pembelajaran_id,
            nm_mata_evaluasi: p.nama_mata_pelajaran.slice(0, 40),
            a_dari_template: 1,
            no_urut: i + 1,
            kkm_kognitif: null,
            kkm_psikomotorik: null,
            create_date: state.baseTime(),
            last_update: state.baseTime(),
            soft_delete: 0,
            last_sync: null,
            updater_id: null,
          },
          semester_id: r.semester_id,
          writes: 0,
        });
      });
  }
}

export interface GradeView {
  nilai_id: string;
  id_evaluasi: string;
  anggota_rombel_id: string;
  peserta_didik_id: string | null;
  rombongan_belajar_id: string;
  pembelajaran_id: string | null;
  mata_pelajaran_id: number;
  semester_id: string;
  nilai_kognitif_angka: number;
  writes: number;
}

/** Stored grades joined with pupil and subject, and how many (pupil, subject) pairs hold more than one. */
export function gradesView(state: SimState): { grades: GradeView[]; duplicates: number } {
  const index = state.index();
  const grades = [...state.nilai.values()].map((n: Stored<NilaiRow>) => {
    const m = state.matev.get(n.row.id_evaluasi)?.row;
    return {
      nilai_id: n.row.nilai_id,
      id_evaluasi: n.row.id_evaluasi,
      anggota_rombel_id: n.row.anggota_rombel_id,
      peserta_didik_id: index.anggota.get(n.row.anggota_rombel_id)?.peserta_didik_id ?? null,
      rombongan_belajar_id: m?.rombongan_belajar_id ?? '',
      pembelajaran_id: m?.pembelajaran_id ?? null,
      mata_pelajaran_id: m?.mata_pelajaran_id ?? 0,
      semester_id: n.semester_id,
      nilai_kognitif_angka: n.row.nilai_kognitif_angka,
      writes: n.writes,
    };
  });
  const seen = new Map<string, number>();
  for (const g of grades) {
    const k = `${g.peserta_didik_id}|${g.rombongan_belajar_id}|${g.mata_pelajaran_id}`;
    seen.set(k, (seen.get(k) ?? 0) + 1);
  }
  return { grades, duplicates: [...seen.values()].filter((n) => n > 1).length };
}
