import type { RencanaPklSaved } from '@erapor/contract/pkl/perencanaan';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { tpMapel, tujuanPembelajaran } from '../../db/tables/kurikulum';
import { praktikKerjaLapangan } from '../../db/tables/pkl';
import type { SeededDemo } from '../../test/demo';
import { bearer, json, loginAs } from '../../test/engines';
import { staffToken } from '../penilaian/beranda/test-accounts';

/**
 * Test fixture: pkl@'s plan for the demo's PKL class (relations.pklPembelajaranId's class) at its
 * first PKS, made through the Perencanaan API with `tps` new TPs mapped to the class's PKL subject
 * (ids given, created in that order), and a log-in as that class's wali (`waliEmail`). The living
 * demo's own plan for that PKS (decision 058) goes first, so the fixture's is the one there.
 */
export async function pklPlanFixture(
  app: FastifyInstance,
  db: Db,
  demo: SeededDemo,
  opts: { tpIds: readonly string[]; waliEmail: string; tanggal?: [string, string] },
) {
  const s = demo.school;
  const pklPembelajaran = s.relations.pklPembelajaranId;
  const rombel = s.rombongan_belajar.find((r) =>
    r.pembelajaran.some((p) => p.pembelajaran_id === pklPembelajaran),
  );
  const found = s.dudi
    .flatMap((d) => d.mou.flatMap((m) => m.akt_pd.map((a) => ({ d, a }))))
    .find((x) => x.a.id_akt_pd === s.relations.pklAktPdIds[0]);
  if (!rombel || !found) throw new Error('demo PKL fixtures missing');
  await db.insert(tujuanPembelajaran).values(
    opts.tpIds.map((tpId, i) => ({
      tpId,
      sekolahId: demo.sekolahId,
      cpId: 1,
      deskripsi: `TP PKL ${i + 1}`,
      createdAt: new Date(Date.UTC(2025, 0, 1, 0, 0, i)),
    })),
  );
  await db
    .insert(tpMapel)
    .values(opts.tpIds.map((tpId) => ({ sekolahId: demo.sekolahId, tpId, pembelajaranId: pklPembelajaran })));
  await db
    .delete(praktikKerjaLapangan)
    .where(
      and(
        eq(praktikKerjaLapangan.rombonganBelajarId, rombel.rombongan_belajar_id),
        eq(praktikKerjaLapangan.aktPdId, found.a.id_akt_pd),
      ),
    );
  const pkl = (await loginAs(app, demo.accounts.pkl.email, demo.semesterId)).accessToken;
  const [mulai, selesai] = opts.tanggal ?? ['2025-07-01', '2025-12-31'];
  const res = await app.inject({
    method: 'POST',
    url: '/api/pkl/rencana',
    headers: bearer(pkl),
    payload: {
      rombongan_belajar_id: rombel.rombongan_belajar_id,
      dudi_id: found.d.dudi_id,
      akt_pd_id: found.a.id_akt_pd,
      tanggal_mulai: mulai,
      tanggal_selesai: selesai,
      instruktur: 'Budi Instruktur',
      nip: '198001012010011001',
      tp_ids: [...opts.tpIds],
    },
  });
  if (res.statusCode !== 201) throw new Error(`plan not created: ${res.body}`);
  const plan = json<RencanaPklSaved>(res).data;
  const waliToken = await staffToken(app, db, demo, {
    guruId: rombel.ptk_id,
    email: opts.waliEmail,
    roles: ['guru', 'wali'],
  });
  return { plan, rombel, dudi: found.d, pklToken: pkl, waliToken };
}
