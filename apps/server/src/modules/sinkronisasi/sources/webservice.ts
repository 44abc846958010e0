import { SYNC_KIND_LABELS, SYNC_MESSAGES, type SyncKind } from '@erapor/contract/sinkronisasi';
import { DapodikError, type SyncList, transportDefaults } from '../client';
import { WebServiceClient, webServiceRefused } from '../kirim-nilai/webservice-client';
import type { PullSource } from './source';

/*
 * The pull through the school's local Dapodik Web Service (`{url}/WebService/get…`,
 * reference-dapodik §1.2, §2.1): getSekolah, getGtk, getRombonganBelajar (with anggota_rombel[] and
 * pembelajaran[]) and getPesertaDidik, normalised into the records of `/sync/v1` (§6.4) so that the
 * kinds map and upsert them with the same code. The transport (Bearer, npsn/semester_id, errors as
 * HTTP 200 bodies, retries) is the grades push's WebServiceClient.
 *
 * The Web Service has no pupils who left, no ekstrakurikuler (nor their members), no DUDI/MoU/PKL,
 * no jurusan_sp, wilayah chain or head teacher, and no PTK address or titles: those kinds are
 * reported "tidak tersedia" and those columns are left as they are.
 */

type Api = Record<string, unknown>;

/** Kinds the Web Service offers. */
export const WEBSERVICE_KINDS: ReadonlySet<SyncKind> = new Set<SyncKind>([
  'sekolah',
  'ptk',
  'rombongan_belajar',
  'peserta_didik_aktif',
  'anggota_rombel_pilihan',
  'pembelajaran',
]);

export const WEBSERVICE_MESSAGES = {
  unavailable: (kind: SyncKind) =>
    `${SYNC_KIND_LABELS[kind]} tidak tersedia di Web Service Dapodik; data ini di e-Rapor tidak diubah.`,
  sekolahPartial:
    'Web Service Dapodik tidak memuat program keahlian (jurusan_sp), wilayah dan kepala sekolah; data itu di e-Rapor tidak diubah.',
  ptkPartial:
    'Web Service Dapodik tidak memuat alamat dan gelar PTK, juga PTK yang sudah keluar; data itu di e-Rapor tidak diubah.',
} as const;

/** Notes shown in a kind's messages when it was read through the Web Service. */
export const WEBSERVICE_NOTES: Partial<Record<SyncKind, string>> = {
  sekolah: WEBSERVICE_MESSAGES.sekolahPartial,
  ptk: WEBSERVICE_MESSAGES.ptkPartial,
};

/** Guru columns getGtk does not carry (kept as the school or an earlier pull left them). */
const PTK_OMITTED = ['alamat', 'rt', 'rw', 'desaKelurahan', 'kecamatan', 'kodeWilayah', 'kodePos', 'noHp'];

export interface WebServiceSourceOptions {
  baseUrl: string;
  token: string;
  npsn: string;
  semesterId: string;
  signal?: AbortSignal;
  onPage?: (fetched: number, total: number | null) => void;
  attempts?: number;
  timeoutMs?: number;
  /** Shared by the kinds of one run: getRombonganBelajar is fetched once. */
  cache?: Map<string, Promise<Api[]>>;
}

const arr = (v: unknown): Api[] => (Array.isArray(v) ? (v as Api[]) : []);
const obj = (v: unknown): Api => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Api) : {});
const list = <T>(rows: unknown[], total: number | null = rows.length): SyncList<T> => ({
  rows: rows as T[],
  total,
  semesterId: null,
  mismatch: total !== null && total !== rows.length,
});

export class WebServiceSource implements PullSource {
  private readonly client: WebServiceClient;
  private readonly cache: Map<string, Promise<Api[]>>;

  constructor(private readonly options: WebServiceSourceOptions) {
    this.client = new WebServiceClient({
      baseUrl: options.baseUrl,
      token: options.token,
      npsn: options.npsn,
      semesterId: options.semesterId,
      attempts: options.attempts,
      timeoutMs: options.timeoutMs,
    });
    this.cache = options.cache ?? new Map();
  }

  omits(kind: SyncKind): readonly string[] {
    return kind === 'ptk' ? PTK_OMITTED : [];
  }

  private checkCancelled(): void {
    if (this.options.signal?.aborted) throw new DapodikError('cancelled', SYNC_MESSAGES.cancelled, true);
  }

  /** One endpoint's envelope (a `success:false` body throws Dapodik's own words, see the client). */
  private get(name: string, query: Record<string, string> = {}) {
    this.checkCancelled();
    return this.client.get(name, query);
  }

  /**
   * Every row of a list endpoint, paged with start+limit (§1.2). A service that ignores paging
   * answers everything at once: more rows than asked for, or fewer than a page, ends the list.
   */
  async rowsOf(
    name: string,
    query: Record<string, string> = {},
  ): Promise<{ rows: Api[]; total: number | null }> {
    const limit = transportDefaults.pageLimit;
    const rows: Api[] = [];
    let total: number | null = null;
    for (let start = 0; ; ) {
      const page = await this.get(name, { ...query, start: String(start), limit: String(limit) });
      const got = Array.isArray(page.rows)
        ? (page.rows as Api[])
        : page.rows && typeof page.rows === 'object'
          ? [page.rows as Api]
          : [];
      rows.push(...got);
      total = page.results ?? total;
      this.options.onPage?.(rows.length, total);
      if (got.length === 0 || got.length !== limit || (total !== null && rows.length >= total)) break;
      start += got.length;
    }
    return { rows, total };
  }

  private rombel(): Promise<Api[]> {
    let pending = this.cache.get('getRombonganBelajar');
    if (!pending) {
      pending = this.rowsOf('getRombonganBelajar').then((r) => r.rows);
      pending.catch(() => this.cache.delete('getRombonganBelajar'));
      this.cache.set('getRombonganBelajar', pending);
    } else this.options.onPage?.(0, null);
    return pending;
  }

  async document<T>(path: string): Promise<{ data: T; semesterId: string | null }> {
    if (path === 'sekolah') {
      const { rows } = await this.get('getSekolah');
      const s = Array.isArray(rows) ? obj(rows[0]) : obj(rows);
      if (!s.sekolah_id) throw new DapodikError('malformed', SYNC_MESSAGES.malformed, false);
      // No jurusan_sp, wilayah chain or kepala_sekolah_ptk_id: absent, so the kind leaves them.
      return { data: { ...s } as T, semesterId: null };
    }
    if (path === 'status') {
      // getSekolah is the connection check (as e-Rapor does); the counts come from the lists.
      await this.get('getSekolah');
      const gtk = await this.get('getGtk', { start: '0', limit: '1' });
      const pd = await this.get('getPesertaDidik', { start: '0', limit: '1' });
      const rombel = await this.rombel();
      const of = (jenis: number) => rombel.filter((r) => Number(r.jenis_rombel) === jenis);
      return {
        data: {
          ptk: gtk.results,
          pd_aktif: pd.results,
          rombel: { reguler: of(1).length, pilihan: of(16).length, ekskul: of(51).length },
          anggota_pilihan: of(16).reduce((n, r) => n + arr(r.anggota_rombel).length, 0),
          pembelajaran: rombel.reduce((n, r) => n + arr(r.pembelajaran).length, 0),
        } as T,
        semesterId: null,
      };
    }
    throw new DapodikError('not_found', webServiceRefused(path, null), false);
  }

  async list<T = Api>(path: string, query: Record<string, string> = {}): Promise<SyncList<T>> {
    if (path === 'ptk') {
      // getGtk lists the PTK of the semester; those who left are simply not in it.
      if (query.status === 'keluar') return list<T>([], 0);
      const { rows, total } = await this.rowsOf('getGtk');
      return list<T>(rows.map(toPtk), total);
    }
    if (path === 'rombongan-belajar') {
      const jenis = new Set((query.jenis ?? '1,16,51').split(',').map(Number));
      const rows = (await this.rombel()).filter((r) => jenis.has(Number(r.jenis_rombel)));
      return list<T>(rows.map(toRombel));
    }
    if (path === 'peserta-didik' && query.status !== 'keluar') {
      const rombel = await this.rombel();
      const members = new Map<string, Api>();
      for (const r of rombel)
        for (const a of arr(r.anggota_rombel)) members.set(String(a.anggota_rombel_id), a);
      const { rows, total } = await this.rowsOf('getPesertaDidik');
      return list<T>(
        rows.map((p) => toPesertaDidik(p, members)),
        total,
      );
    }
    if (path === 'anggota-rombel') {
      const jenis = new Set((query.jenis ?? '16').split(',').map(Number));
      const rows = (await this.rombel())
        .filter((r) => jenis.has(Number(r.jenis_rombel)))
        .flatMap((r) =>
          arr(r.anggota_rombel).map((a) => ({
            anggota_rombel_id: a.anggota_rombel_id,
            rombongan_belajar_id: r.rombongan_belajar_id,
            peserta_didik_id: a.peserta_didik_id,
            jenis_pendaftaran_id: a.jenis_pendaftaran_id,
            jenis_rombel: r.jenis_rombel,
          })),
        );
      return list<T>(rows);
    }
    if (path === 'pembelajaran') {
      const rows = (await this.rombel()).flatMap((r) =>
        arr(r.pembelajaran).map((p) => ({
          ...p,
          rombongan_belajar_id: r.rombongan_belajar_id,
          semester_id: r.semester_id,
        })),
      );
      return list<T>(rows);
    }
    throw new DapodikError('not_found', webServiceRefused(path, null), false);
  }
}

/** getGtk → a /sync/v1 ptk row (same names); no rwy_pend_formal: it lacks gelar_akademik_id. */
function toPtk(p: Api): Api {
  const { rwy_pend_formal: _r, rwy_kepangkatan: _k, ...fields } = p;
  return fields;
}

/** getRombonganBelajar → a /sync/v1 rombel row: wali_ptk_id, nm_ruang; jurusan_id (no jurusan_sp_id). */
function toRombel(r: Api): Api {
  const { anggota_rombel: _a, pembelajaran: _p, ptk_id, id_ruang_str, ...fields } = r;
  return { ...fields, wali_ptk_id: ptk_id, nm_ruang: id_ruang_str };
}

/** getPesertaDidik → a /sync/v1 pupil: §2.2 names, `registrasi{}` and `anggota_rombel{}`. */
function toPesertaDidik(p: Api, members: Map<string, Api>): Api {
  const {
    registrasi_id,
    jenis_pendaftaran_id,
    nipd,
    tanggal_masuk_sekolah,
    sekolah_asal,
    nama_ibu,
    pekerjaan_ayah_id,
    pekerjaan_ibu_id,
    pekerjaan_wali_id,
    anggota_rombel_id,
    rombongan_belajar_id,
    ...fields
  } = p;
  const member = members.get(String(anggota_rombel_id));
  return {
    ...fields,
    nama_ibu_kandung: nama_ibu,
    pekerjaan_id_ayah: pekerjaan_ayah_id,
    pekerjaan_id_ibu: pekerjaan_ibu_id,
    pekerjaan_id_wali: pekerjaan_wali_id,
    registrasi: { registrasi_id, nipd, jenis_pendaftaran_id, tanggal_masuk_sekolah, sekolah_asal },
    anggota_rombel: anggota_rombel_id
      ? {
          anggota_rombel_id,
          rombongan_belajar_id,
          jenis_pendaftaran_id: member?.jenis_pendaftaran_id ?? jenis_pendaftaran_id,
        }
      : null,
  };
}
