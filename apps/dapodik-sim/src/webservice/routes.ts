/**
 * `/WebService/...`: the school's local Dapodik Web Service (port 5774) as clients meet it
 * (reference-dapodik §1.2, §2.1, §6.2, §6.3): Bearer token plus `npsn` query, errors answered with
 * HTTP 200 (plain text or `{success:false,...}`) unless --strict-http, the `{results,id,start,limit,rows}`
 * envelope with `rows` an object for getSekolah, and the grades push (matev + nilai).
 */
import { isSoftDeleted } from '@erapor/demo-school/queries';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { bearerToken, ipAllowed } from '../auth.ts';
import type { SimContext } from '../context.ts';
import { ACCESS_DENIED } from '../faults.ts';
import { listMatev, postMatevRapor, postNilai } from '../grades.ts';
import { envelope, objectEnvelope, readPaging } from './envelope.ts';
import {
  gtkRow,
  mataPelajaranRow,
  penggunaRow,
  pesertaDidikRow,
  rombelRow,
  sekolahRow,
  type Wire,
} from './rows.ts';

const REASON: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
};

type Query = Record<string, string>;

/**
 * An auth/parameter error the way Dapodik sends it: HTTP 200 with plain text or a `success:false`
 * body; with --strict-http the real status instead. --error-prefix puts raw header text in front.
 */
function wsError(ctx: SimContext, reply: FastifyReply, httpCode: number, message: string, plain: boolean) {
  const strict = ctx.options.strictHttp;
  const asText = plain && !strict;
  const type = asText ? 'text/plain; charset=utf-8' : 'application/json; charset=utf-8';
  let body = asText ? message : JSON.stringify({ success: false, http_code: httpCode, message });
  if (ctx.options.errorPrefix)
    body = `HTTP/1.0 ${httpCode} ${REASON[httpCode] ?? 'Error'}\r\nContent-Type: ${type}\r\n\r\n${body}`;
  return reply
    .code(strict ? httpCode : 200)
    .type(type)
    .send(body);
}

export async function webServiceRoutes(app: FastifyInstance, ctx: SimContext): Promise<void> {
  // Dapodik checks the caller (whitelisted IP, token) before it looks at parameters.
  app.addHook('preHandler', async (request: FastifyRequest, reply: FastifyReply) => {
    if (!ipAllowed(request.ip, ctx.options.allow)) return wsError(ctx, reply, 403, ACCESS_DENIED, true);
    if (bearerToken(request) !== ctx.options.token) return wsError(ctx, reply, 401, ACCESS_DENIED, true);
    const npsn = (request.query as Query).npsn;
    if (!npsn) return wsError(ctx, reply, 400, 'Parameter NPSN harap diisi', true);
    if (npsn.trim() !== ctx.state.school.sekolah.npsn)
      return wsError(ctx, reply, 404, 'Sekolah tidak ditemukan', false);
  });
  // A body PHP cannot read is a `success:false` answer, not a framework 400.
  app.setErrorHandler((error: { statusCode?: number }, _request, reply) => {
    if ((error.statusCode ?? 500) >= 500) throw error;
    return reply.code(200).send({ success: false, message: 'Data tidak valid' });
  });

  const wire = (): Wire => ({ quirks: ctx.options.quirks });
  const get = (name: string, handler: (q: Query) => unknown) =>
    app.get(`/${name}`, { config: { key: `WebService/${name}`, group: 'ws' } }, async (request) =>
      handler(request.query as Query),
    );

  get('getSekolah', () => objectEnvelope(ctx.state.sekolahId, sekolahRow(wire(), ctx.state.school.sekolah)));

  get('getGtk', (q) => {
    const rows = ctx.state.school.ptk.map((p) => gtkRow(wire(), p));
    return envelope(ctx.state.sekolahId, rows, readPaging(q));
  });

  get('getPesertaDidik', (q) => {
    const { rombel } = ctx.state.index();
    const rows = ctx.state.school.peserta_didik.map((pd) =>
      pesertaDidikRow(wire(), pd, rombel.get(pd.anggota_rombel.rombongan_belajar_id) ?? null),
    );
    return envelope(ctx.state.sekolahId, rows, readPaging(q));
  });

  get('getRombonganBelajar', (q) => {
    const state = ctx.state;
    const semester = q.semester_id || state.semesterId;
    // Earlier semesters stay readable after new-semester, as Dapodik keeps its history.
    const source = semester === state.semesterId ? state.school.rombongan_belajar : state.pastRombel;
    const { ptk } = state.index();
    const jurusanOf = new Map(state.school.sekolah.jurusan_sp.map((j) => [j.jurusan_sp_id, j.jurusan_id]));
    const rows = source
      .filter((r) => r.semester_id === semester && !isSoftDeleted(r))
      .filter((r) => !q.rombongan_belajar_id || r.rombongan_belajar_id === q.rombongan_belajar_id)
      .map((r) =>
        rombelRow(
          wire(),
          r,
          (id) => ptk.get(id)?.nama ?? null,
          (id) => (id ? (jurusanOf.get(id) ?? null) : null),
        ),
      );
    return envelope(state.sekolahId, rows, readPaging(q));
  });

  get('getPengguna', (q) =>
    envelope(
      ctx.state.sekolahId,
      ctx.state.school.pengguna.map((u) => penggunaRow(wire(), u)),
      readPaging(q),
    ),
  );

  get('getMataPelajaran', (q) => {
    const ids = new Set(
      ctx.state.school.rombongan_belajar.flatMap((r) => r.pembelajaran.map((p) => p.mata_pelajaran_id)),
    );
    const rows = [...ids].sort((a, b) => a - b).map(mataPelajaranRow);
    return envelope(ctx.state.sekolahId, rows, readPaging(q));
  });

  get('getMatevNilai', (q) => {
    const flag = q.a_dari_template;
    const rows = listMatev(ctx.state, {
      aDariTemplate: flag === '0' || flag === '1' ? Number(flag) : undefined,
      rombonganBelajarId: q.rombongan_belajar_id || undefined,
      semesterId: q.semester_id || undefined,
    });
    return envelope(ctx.state.sekolahId, rows, readPaging(q));
  });

  const post = (name: 'postMatevRapor' | 'postNilai') =>
    app.post(`/${name}`, { config: { key: `WebService/${name}`, group: 'ws' } }, async (request) => {
      const query = request.query as Query;
      const now = ctx.clock.now();
      const result =
        name === 'postMatevRapor'
          ? postMatevRapor(ctx.state, request.body, query, now)
          : postNilai(ctx.state, request.body, query, now);
      ctx.changed();
      return result;
    });
  post('postMatevRapor');
  post('postNilai');
}
