/**
 * `/sync/v1/...`: our neutral pull API carrying what the central e-Rapor sync server offers
 * (reference-dapodik §6.4). Real HTTP statuses; Bearer token + `X-NPSN`; cursor paging over
 * consistent snapshots; `updated_since` filters; a change feed; the nightly service window (503).
 */
import { dapodikCounts } from '@erapor/demo-school/counts';
import { isSoftDeleted } from '@erapor/demo-school/queries';
import { agama } from '@erapor/reference-data/agama';
import { jenisPtk } from '@erapor/reference-data/jenis-ptk';
import { jurusan } from '@erapor/reference-data/jurusan';
import { kurikulum } from '@erapor/reference-data/kurikulum';
import { mataPelajaran } from '@erapor/reference-data/mata-pelajaran';
import { pekerjaan } from '@erapor/reference-data/pekerjaan';
import { mstWilayah } from '@erapor/reference-data/wilayah';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { bearerToken, ipAllowed } from '../auth.ts';
import type { SimContext } from '../context.ts';
import { windowState } from '../service-window.ts';
import type { ChangeKind } from '../state.ts';
import { compareKeys, decodeCursor, encodeCursor, firstAfter, type Key } from './paging.ts';
import {
  anggotaRow,
  dudiRow,
  ekskulRow,
  pembelajaranRow,
  pesertaDidikRow,
  ptkRow,
  rombelRow,
  sekolahDoc,
  wilayahRows,
} from './rows.ts';

type Query = Record<string, string | undefined>;
type Row = Record<string, unknown>;

class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

const DEFAULT_LIMIT = 500;
const MAX_LIMIT = 2000;

/** Reference dates are 'YYYY-MM-DD HH:MM:SS' without a zone (taken as UTC) or ISO. */
function time(text: string | null | undefined): number {
  if (!text) return Number.NaN;
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) return Date.parse(`${text}T00:00:00Z`);
  const iso = text.includes('T') ? text : text.replace(' ', 'T');
  return Date.parse(/[zZ]|[+-]\d\d:?\d\d$/.test(iso) ? iso : `${iso}Z`);
}

function sinceOf(q: Query, name: 'updated_since' | 'since'): number | null {
  const v = q[name];
  if (v === undefined || v === '') return null;
  const t = time(v);
  if (Number.isNaN(t)) throw new HttpError(400, 'bad_request', `${name}: expected an ISO date-time`);
  return t;
}

/** `jenis=1,16,51` → the set (default: all three). */
function jenisOf(q: Query): Set<number> {
  const v = q.jenis;
  if (!v) return new Set([1, 16, 51]);
  const list = v.split(/[,|]/).map(Number);
  if (list.some((n) => ![1, 16, 51].includes(n)))
    throw new HttpError(400, 'bad_request', 'jenis: 1, 16 or 51');
  return new Set(list);
}

interface Kind {
  /** Route path after /sync/v1/, also the fault key. */
  path: string;
  pk: (row: Row) => Key;
  /** Query parameters that change the list (part of the snapshot cache key). */
  params: string[];
  build: (ctx: SimContext, q: Query) => Row[];
  /** Field holding the row's last change, for updated_since. */
  stamp: (row: Row) => number;
}

function kinds(): Kind[] {
  const stamp = (r: Row) => time(r.updated_at as string);
  const refStamp = (r: Row) => time((r.last_update ?? r.updated_at ?? r.create_date) as string | null);
  const ref = (name: string, rows: (ctx: SimContext) => readonly object[], pk: string): Kind => ({
    path: `ref/${name}`,
    pk: (r) => r[pk] as Key,
    params: [],
    build: (ctx) => rows(ctx) as Row[],
    stamp: refStamp,
  });
  const at = (ctx: SimContext, kind: ChangeKind, id: string) => ({
    updated_at: ctx.state.updatedAt(kind, id),
  });
  return [
    {
      path: 'ptk',
      pk: (r) => r.ptk_id as string,
      params: ['status'],
      build: (ctx, q) => {
        const status = q.status ?? 'aktif';
        if (status !== 'aktif' && status !== 'keluar')
          throw new HttpError(400, 'bad_request', 'status: aktif or keluar');
        const list = status === 'aktif' ? ctx.state.school.ptk : ctx.state.school.ptk_keluar;
        return list.map((p) => ptkRow(p, at(ctx, 'ptk', p.ptk_id)));
      },
      stamp,
    },
    {
      path: 'rombongan-belajar',
      pk: (r) => r.rombongan_belajar_id as string,
      params: ['jenis'],
      build: (ctx, q) => {
        const jenis = jenisOf(q);
        return ctx.state.school.rombongan_belajar
          .filter((r) => jenis.has(r.jenis_rombel))
          .map((r) => rombelRow(r, at(ctx, 'rombongan-belajar', r.rombongan_belajar_id)));
      },
      stamp,
    },
    {
      path: 'peserta-didik',
      pk: (r) => r.peserta_didik_id as string,
      params: ['status'],
      build: (ctx, q) => {
        const status = q.status ?? 'aktif';
        if (status !== 'aktif' && status !== 'keluar')
          throw new HttpError(400, 'bad_request', 'status: aktif or keluar');
        const list =
          status === 'aktif' ? ctx.state.school.peserta_didik : ctx.state.school.peserta_didik_keluar;
        return list.map((pd) => pesertaDidikRow(pd, at(ctx, 'peserta-didik', pd.peserta_didik_id)));
      },
      stamp,
    },
    {
      path: 'anggota-rombel',
      pk: (r) => r.anggota_rombel_id as string,
      params: ['jenis', 'rombongan_belajar_id'],
      build: (ctx, q) => {
        const jenis = jenisOf(q);
        return ctx.state.school.rombongan_belajar
          .filter((r) => jenis.has(r.jenis_rombel) && !isSoftDeleted(r))
          .filter((r) => !q.rombongan_belajar_id || r.rombongan_belajar_id === q.rombongan_belajar_id)
          .flatMap((r) =>
            r.anggota_rombel.map((a) =>
              anggotaRow(a, r.jenis_rombel, at(ctx, 'anggota-rombel', a.anggota_rombel_id)),
            ),
          );
      },
      stamp,
    },
    {
      path: 'pembelajaran',
      pk: (r) => r.pembelajaran_id as string,
      params: ['rombongan_belajar_id'],
      build: (ctx, q) =>
        ctx.state.school.rombongan_belajar
          .filter((r) => !isSoftDeleted(r))
          .filter((r) => !q.rombongan_belajar_id || r.rombongan_belajar_id === q.rombongan_belajar_id)
          .flatMap((r) =>
            r.pembelajaran.map((p) => pembelajaranRow(p, at(ctx, 'pembelajaran', p.pembelajaran_id))),
          ),
      stamp,
    },
    {
      path: 'ekstrakurikuler',
      pk: (r) => r.id_kelas_ekskul as string,
      params: [],
      build: (ctx) =>
        ctx.state.school.ekstrakurikuler.map((e) =>
          ekskulRow(e, at(ctx, 'ekstrakurikuler', e.ID_kelas_ekskul)),
        ),
      stamp,
    },
    {
      path: 'dudi',
      pk: (r) => r.dudi_id as string,
      params: [],
      build: (ctx) => ctx.state.school.dudi.map((d) => dudiRow(d, { updated_at: ctx.state.baseTime() })),
      stamp,
    },
    ref('jurusan', () => jurusan, 'jurusan_id'),
    ref('kurikulum', () => kurikulum, 'kurikulum_id'),
    ref('mata-pelajaran', () => mataPelajaran, 'mata_pelajaran_id'),
    ref('agama', () => agama, 'id'),
    ref('pekerjaan', () => pekerjaan, 'pekerjaan_id'),
    ref('jenis-ptk', () => jenisPtk, 'jenis_ptk_id'),
    ref('wilayah', (ctx) => wilayahRows(mstWilayah, ctx.state.school.wilayah), 'kode_wilayah'),
  ];
}

export async function syncRoutes(app: FastifyInstance, ctx: SimContext): Promise<void> {
  const fail = (reply: FastifyReply, status: number, code: string, message: string) =>
    reply.code(status).send({ error: code, message });

  app.addHook('preHandler', async (request: FastifyRequest, reply: FastifyReply) => {
    if (!ipAllowed(request.ip, ctx.options.allow))
      return fail(reply, 403, 'forbidden', 'Alamat IP tidak diizinkan');
    const token = bearerToken(request);
    if (!token || token !== ctx.options.token) return fail(reply, 401, 'unauthorized', 'Token tidak valid');
    const npsn = request.headers['x-npsn'];
    if (typeof npsn !== 'string' || !npsn)
      return fail(reply, 400, 'npsn_required', 'Header X-NPSN harap diisi');
    if (npsn.trim() !== ctx.state.school.sekolah.npsn)
      return fail(reply, 404, 'sekolah_not_found', 'Sekolah tidak ditemukan');
    // status stays reachable so a client can show when the service opens again.
    if (request.routeOptions.config.key === 'sync/status') return;
    const w = windowState(ctx.window, ctx.clock.now());
    if (!w.open) {
      reply.header('retry-after', String(w.retryAfter));
      // The window itself (closed_at … opens_at), so a client can tell its user when to come back.
      return reply.code(503).send({
        error: 'service_window',
        message: `Layanan sinkronisasi ditutup (${ctx.window?.spec ?? ''}); buka lagi ${w.opensAt?.toISOString() ?? ''}`,
        closed_at: w.closedAt?.toISOString() ?? null,
        opens_at: w.opensAt?.toISOString() ?? null,
      });
    }
  });
  app.setErrorHandler((error: Error & { statusCode?: number }, _request, reply) => {
    if (error instanceof HttpError) return fail(reply, error.status, error.code, error.message);
    if ((error.statusCode ?? 500) < 500)
      return fail(reply, error.statusCode ?? 400, 'bad_request', error.message);
    throw error;
  });

  const meta = (snapshot: number) => ({
    semester_id: ctx.state.semesterId,
    generated_at: ctx.clock.now().toISOString(),
    snapshot_id: String(snapshot),
  });
  const route = (path: string) => ({ config: { key: `sync/${path}`, group: 'sync' as const } });

  app.get('/status', route('status'), async () => {
    const w = windowState(ctx.window, ctx.clock.now());
    return {
      data: {
        ...dapodikCounts(ctx.state.school),
        service_window: {
          open: w.open,
          opens_at: w.opensAt?.toISOString() ?? null,
          closes_at: w.closesAt?.toISOString() ?? null,
          closed_at: w.closedAt?.toISOString() ?? null,
        },
      },
      meta: meta(ctx.state.snapshot),
    };
  });

  app.get('/sekolah', route('sekolah'), async () => ({
    data: sekolahDoc(ctx.state.school.sekolah),
    meta: meta(ctx.state.snapshot),
  }));

  for (const kind of kinds()) {
    app.get(`/${kind.path}`, route(kind.path), async (request) => {
      const q = request.query as Query;
      const limit = q.limit === undefined ? DEFAULT_LIMIT : Number(q.limit);
      if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT)
        throw new HttpError(400, 'bad_request', `limit: 1..${MAX_LIMIT}`);
      const since = sinceOf(q, 'updated_since');
      const cursor = q.cursor ? decodeCursor(q.cursor) : null;
      if (q.cursor && !cursor) throw new HttpError(400, 'bad_cursor', 'cursor tidak valid');
      const snapshot = cursor?.s ?? ctx.state.snapshot;
      const cacheKey = [
        kind.path,
        ...kind.params.map((p) => `${p}=${q[p] ?? ''}`),
        `since=${since ?? ''}`,
      ].join('&');
      let rows = ctx.snapshots.get(snapshot, cacheKey, ctx.state.snapshot) as Row[] | undefined;
      if (!rows) {
        if (snapshot !== ctx.state.snapshot)
          throw new HttpError(
            409,
            'snapshot_changed',
            'Data berubah sejak halaman pertama; mulai lagi tanpa cursor',
          );
        const built = kind.build(ctx, q).filter((r) => since === null || kind.stamp(r) > since);
        built.sort((a, b) => compareKeys(kind.pk(a), kind.pk(b)));
        rows = ctx.snapshots.put(snapshot, cacheKey, built) as Row[];
      }
      const start = cursor ? firstAfter(rows, kind.pk, cursor.k) : 0;
      const data = rows.slice(start, start + limit);
      const last = data[data.length - 1];
      const next =
        start + limit < rows.length && last ? encodeCursor({ s: snapshot, k: kind.pk(last) }) : null;
      return { data, page: { cursor: next, limit, total: rows.length }, meta: meta(snapshot) };
    });
  }

  app.get('/changes', route('changes'), async (request) => {
    const q = request.query as Query;
    const since = sinceOf(q, 'since');
    const wanted = q.kinds ? new Set(q.kinds.split(',')) : null;
    const data = ctx.state.changes.filter(
      (c) => (since === null || time(c.at) > since) && (!wanted || wanted.has(c.kind)),
    );
    return {
      data,
      page: { cursor: null, limit: data.length, total: data.length },
      meta: meta(ctx.state.snapshot),
    };
  });
}
