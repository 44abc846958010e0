/**
 * The e-Rapor dashboard server's upload endpoint (`POST /api/sinkronisasi/kirim-data`, reference-dapodik
 * §1.3 and §4.1): one table's changed rows per call. Batches are kept for assertions (/__sim/kirim-data).
 */
import type { FastifyInstance } from 'fastify';
import type { SimContext } from '../context.ts';
import { decodeEraporPayload, PayloadError } from './kirim-data.ts';

const text = (v: unknown): string | null =>
  typeof v === 'string' && v !== '' ? v : typeof v === 'number' ? String(v) : null;

export async function centralRoutes(app: FastifyInstance, ctx: SimContext): Promise<void> {
  app.post(
    '/api/sinkronisasi/kirim-data',
    { config: { key: 'central/kirim-data', group: 'central' } },
    async (request) => {
      const b = (request.body ?? {}) as Record<string, unknown>;
      const sekolahId = text(b.sekolah_id);
      const table = text(b.table);
      if (!sekolahId || sekolahId !== ctx.state.sekolahId)
        return { status: false, message: 'Sekolah tidak ditemukan' };
      if (!table) return { status: false, message: 'Parameter table harap diisi' };
      let rows: unknown[];
      let encoding: 'erapor' | 'json';
      if (typeof b.json === 'string') {
        try {
          rows = decodeEraporPayload(b.json);
          encoding = 'erapor';
        } catch (e) {
          if (!(e instanceof PayloadError)) throw e;
          return { status: false, message: `Data tidak dapat dibaca: ${e.message}` };
        }
      } else if (Array.isArray(b.json)) {
        rows = b.json;
        encoding = 'json';
      } else {
        return { status: false, message: 'Parameter json harap diisi' };
      }
      ctx.state.kirimData.push({
        at: ctx.clock.now().toISOString(),
        sekolah_id: sekolahId,
        tahun_ajaran_id: text(b.tahun_ajaran_id),
        semester_id: text(b.semester_id),
        table,
        encoding,
        rows,
      });
      ctx.changed();
      return { status: true, message: `${rows.length} data ${table} berhasil diterima` };
    },
  );
}
