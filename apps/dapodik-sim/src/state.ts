/**
 * The simulator's in-memory Dapodik: a working copy of the demo school (the very records the app's
 * demo seed writes, same Dapodik ids for the same seed), what e-Rapor pushed into it (matev, nilai,
 * "Kirim data" batches), and the bookkeeping the sync API needs (snapshots, change feed, row stamps).
 */
import { generateSchool } from '@erapor/demo-school/generate';
import { Rng } from '@erapor/demo-school/rng';
import type {
  AnggotaRombel,
  DemoSchool,
  Pembelajaran,
  PesertaDidik,
  ProfileName,
  Ptk,
  RombonganBelajar,
} from '@erapor/demo-school/types';

export interface SimIdentity {
  seed: number;
  npsn: string;
  profile: ProfileName;
}

/** Kinds of the sync API that scenarios change (names as in the /sync/v1 paths). */
export type ChangeKind =
  | 'ptk'
  | 'rombongan-belajar'
  | 'peserta-didik'
  | 'anggota-rombel'
  | 'pembelajaran'
  | 'ekstrakurikuler';

export interface Change {
  kind: ChangeKind;
  id: string;
  op: 'upsert' | 'delete';
  at: string;
}

/** A row of Dapodik's matev_rapor as postMatevRapor stores it (reference-dapodik §2.1). */
export interface MatevRow {
  id_evaluasi: string;
  rombongan_belajar_id: string;
  mata_pelajaran_id: number;
  pembelajaran_id: string | null;
  nm_mata_evaluasi: string;
  a_dari_template: number;
  no_urut: number | null;
  kkm_kognitif: number | null;
  kkm_psikomotorik: number | null;
  create_date: string | null;
  last_update: string | null;
  soft_delete: number;
  last_sync: string | null;
  updater_id: string | null;
}

/** One grade (postNilai?table=rapor): one pupil, one matev. */
export interface NilaiRow {
  nilai_id: string;
  id_evaluasi: string;
  anggota_rombel_id: string;
  nilai_kognitif_angka: number;
  create_date: string | null;
  last_update: string | null;
  soft_delete: number;
  last_sync: string | null;
  updater_id: string | null;
}

export interface Stored<T> {
  row: T;
  semester_id: string;
  /** How many accepted posts wrote this row (retries included). */
  writes: number;
}

/** Every postMatevRapor / postNilai call, accepted or not, for assertions. */
export interface ReceivedCall {
  at: string;
  endpoint: 'postMatevRapor' | 'postNilai';
  query: Record<string, string>;
  body: unknown;
  response: { success: boolean; message: string };
}

/** One "Kirim data e-Rapor" upload as the dashboard server received it (reference-dapodik §1.3, §4.1). */
export interface KirimDataBatch {
  at: string;
  sekolah_id: string;
  tahun_ajaran_id: string | null;
  semester_id: string | null;
  table: string;
  /** 'erapor': rawurlencode(base64(zlib(PHP-serialised JSON))); 'json': rows sent as plain JSON. */
  encoding: 'erapor' | 'json';
  rows: unknown[];
}

export interface StateIndex {
  /** Current and archived (earlier semesters') rombel. */
  rombel: Map<string, RombonganBelajar>;
  anggota: Map<string, AnggotaRombel>;
  pembelajaran: Map<string, Pembelajaran>;
  ptk: Map<string, Ptk>;
  pesertaDidik: Map<string, PesertaDidik>;
}

/** Monotonic snapshot ids shared by every state of one simulator, so a reset never reuses one. */
export class SnapshotCounter {
  private n = 0;
  next(): number {
    return ++this.n;
  }
}

export function semesterStart(semesterId: string): string {
  const tahun = Number(semesterId.slice(0, 4));
  return semesterId.endsWith('1') ? `${tahun}-07-01T00:00:00.000Z` : `${tahun + 1}-01-01T00:00:00.000Z`;
}

export class SimState {
  school: DemoSchool;
  semesterId: string;
  /** Rombel of earlier semesters (after new-semester): grades may still be pushed for them. */
  pastRombel: RombonganBelajar[] = [];
  matev = new Map<string, Stored<MatevRow>>();
  /** Keyed `${id_evaluasi}|${anggota_rombel_id}`: one grade per pupil and matev. */
  nilai = new Map<string, Stored<NilaiRow>>();
  /** nilai_id → key in `nilai`. */
  nilaiKeyById = new Map<string, string>();
  received: ReceivedCall[] = [];
  kirimData: KirimDataBatch[] = [];
  changes: Change[] = [];
  /** `${kind}:${id}` → ISO time of the last scenario change (rows never changed carry the semester start). */
  touched = new Map<string, string>();
  snapshot: number;
  private idCounter = 0;
  private cachedIndex: { snapshot: number; index: StateIndex } | null = null;

  constructor(
    readonly identity: SimIdentity,
    school: DemoSchool,
    private readonly counter: SnapshotCounter,
  ) {
    this.school = school;
    this.semesterId = school.meta.semester_id;
    this.snapshot = counter.next();
  }

  static generate(identity: SimIdentity, semesterId: string, counter: SnapshotCounter): SimState {
    const school = generateSchool({
      seed: identity.seed,
      npsn: identity.npsn,
      profile: identity.profile,
      semesterId,
    });
    return new SimState(identity, school, counter);
  }

  get sekolahId(): string {
    return this.school.sekolah.sekolah_id;
  }

  /**
   * A new Dapodik id for rows that scenarios create. Drawn from the seed and a counter, so the same
   * sequence of scenarios gives the same ids (and a restored state continues the sequence).
   */
  newId(): string {
    const { seed, profile, npsn } = this.identity;
    return new Rng(`dapodik-sim:${seed}:${profile}:${npsn}:id/${++this.idCounter}`).uuid();
  }

  /** Stamp of rows no scenario has touched: the start of the semester. */
  baseTime(): string {
    return semesterStart(this.semesterId);
  }

  updatedAt(kind: ChangeKind, id: string): string {
    return this.touched.get(`${kind}:${id}`) ?? this.baseTime();
  }

  /** Records a scenario's changes and starts a new snapshot. */
  mutated(at: Date, changes: readonly (readonly [ChangeKind, string, 'upsert' | 'delete'])[]): void {
    const iso = at.toISOString();
    for (const [kind, id, op] of changes) {
      this.changes.push({ kind, id, op, at: iso });
      this.touched.set(`${kind}:${id}`, iso);
    }
    this.snapshot = this.counter.next();
  }

  index(): StateIndex {
    if (this.cachedIndex?.snapshot === this.snapshot) return this.cachedIndex.index;
    const rombels = [...this.pastRombel, ...this.school.rombongan_belajar];
    const index: StateIndex = {
      rombel: new Map(rombels.map((r) => [r.rombongan_belajar_id, r])),
      anggota: new Map(
        rombels.flatMap((r) => r.anggota_rombel.map((a) => [a.anggota_rombel_id, a] as const)),
      ),
      pembelajaran: new Map(
        rombels.flatMap((r) => r.pembelajaran.map((p) => [p.pembelajaran_id, p] as const)),
      ),
      ptk: new Map([...this.school.ptk, ...this.school.ptk_keluar].map((p) => [p.ptk_id, p])),
      pesertaDidik: new Map(
        [...this.school.peserta_didik, ...this.school.peserta_didik_keluar].map((p) => [
          p.peserta_didik_id,
          p,
        ]),
      ),
    };
    this.cachedIndex = { snapshot: this.snapshot, index };
    return index;
  }

  toJSON(): PersistedState {
    return {
      version: 1,
      identity: this.identity,
      semesterId: this.semesterId,
      school: this.school,
      pastRombel: this.pastRombel,
      matev: [...this.matev.values()],
      nilai: [...this.nilai.values()],
      received: this.received,
      kirimData: this.kirimData,
      changes: this.changes,
      touched: [...this.touched],
      idCounter: this.idCounter,
    };
  }

  static fromJSON(data: PersistedState, counter: SnapshotCounter): SimState {
    const state = new SimState(data.identity, data.school, counter);
    state.semesterId = data.semesterId;
    state.pastRombel = data.pastRombel;
    for (const m of data.matev) state.matev.set(m.row.id_evaluasi, m);
    for (const n of data.nilai) {
      const key = `${n.row.id_evaluasi}|${n.row.anggota_rombel_id}`;
      state.nilai.set(key, n);
      state.nilaiKeyById.set(n.row.nilai_id, key);
    }
    state.received = data.received;
    state.kirimData = data.kirimData;
    state.changes = data.changes;
    state.touched = new Map(data.touched);
    state.idCounter = data.idCounter;
    return state;
  }
}

export interface PersistedState {
  version: 1;
  identity: SimIdentity;
  semesterId: string;
  school: DemoSchool;
  pastRombel: RombonganBelajar[];
  matev: Stored<MatevRow>[];
  nilai: Stored<NilaiRow>[];
  received: ReceivedCall[];
  kirimData: KirimDataBatch[];
  changes: Change[];
  touched: [string, string][];
  idCounter: number;
}
