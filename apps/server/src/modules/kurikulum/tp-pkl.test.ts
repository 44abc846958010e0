import { TP_IN_USE_CODE, TP_MESSAGES } from '@erapor/contract/kurikulum/tp';
import { MAPEL_PKL } from '@erapor/contract/penilaian/rules';
import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { tujuanPembelajaran } from '../../db/tables/kurikulum';
import { nilaiAkhir } from '../../db/tables/penilaian';
import { nilaiPkl, tpPkl } from '../../db/tables/pkl';
import { anggotaRombel } from '../../db/tables/referensi';
import { refCapaianPembelajaran } from '../../db/tables/referensi-ref';
import { type SeededDemo, seedDemo } from '../../test/demo';
import { bearer, describeEngines, json } from '../../test/engines';
import { pklPlanFixture } from '../pkl/test-plan';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const TP = [id(0xd11), id(0xd12)] as const;

type Body = { code?: string; message: string; details?: Record<string, string> };

// Deleting a TP that PKL scores hang off (decision 034): the curriculum's "Hapus Data" counts the
// nilai_pkl rows in its confirmation like the regular scores, and the PKL nilai akhir follows.
describeEngines('Kurikulum: deleting a TP with PKL scores', {}, (t) => {
  let demo: SeededDemo;
  let fx: Awaited<ReturnType<typeof pklPlanFixture>>;
  let a = '';

  beforeAll(async () => {
    const db = t().db.db;
    demo = await seedDemo(db);
    fx = await pklPlanFixture(t().app, db, demo, { tpIds: TP, waliEmail: 'wali-tp-pkl@test.sch.id' });
    // The fixture's TPs hang off CP 1; give them a CP of the PKL subject (fase F), so that pkl@ (who
    // teaches PKL) owns them on the curriculum screens.
    const [pklCp] = await db
      .select({ cpId: refCapaianPembelajaran.cpId })
      .from(refCapaianPembelajaran)
      .where(and(eq(refCapaianPembelajaran.mataPelajaranId, MAPEL_PKL), eq(refCapaianPembelajaran.fase, 'F')))
      .limit(1);
    const cpId = pklCp?.cpId ?? 990_001;
    if (!pklCp)
      await db.insert(refCapaianPembelajaran).values({
        cpId,
        mataPelajaranId: MAPEL_PKL,
        fase: 'F',
        elemen: 'Praktik Kerja Lapangan',
        deskripsi: 'CP PKL',
      });
    await db
      .update(tujuanPembelajaran)
      .set({ cpId })
      .where(inArray(tujuanPembelajaran.tpId, [...TP]));
    a = fx.plan.peserta[0]?.peserta_didik_id ?? '';
    // Scored through Input Penilaian: 80 and 91 → nilai akhir round(85.5) = 86.
    const res = await t().app.inject({
      method: 'PUT',
      url: `/api/pkl/rencana/${fx.plan.pkl_id}/nilai`,
      headers: bearer(fx.pklToken),
      payload: {
        rows: TP.map((tp, i) => ({
          peserta_didik_id: a,
          tp_id: tp,
          nilai: [80, 91][i],
          deskripsi: null,
          sebelumnya: null,
        })),
      },
    });
    if (res.statusCode !== 200) throw new Error(res.body);
  });

  const nilaiAkhirOf = async () => {
    const db = t().db.db;
    const [ar] = await db
      .select({ id: anggotaRombel.anggotaRombelId })
      .from(anggotaRombel)
      .where(
        and(
          eq(anggotaRombel.rombonganBelajarId, fx.rombel.rombongan_belajar_id),
          eq(anggotaRombel.pesertaDidikId, a),
        ),
      );
    const rows = await db
      .select({ nilai: nilaiAkhir.nilai })
      .from(nilaiAkhir)
      .where(
        and(
          eq(nilaiAkhir.pembelajaranId, demo.school.relations.pklPembelajaranId),
          eq(nilaiAkhir.anggotaRombelId, ar?.id ?? ''),
        ),
      );
    return rows.map((r) => Number(r.nilai));
  };
  const pklScores = async () =>
    (await t().db.db.select({ tp: nilaiPkl.tpId }).from(nilaiPkl).where(eq(nilaiPkl.pklId, fx.plan.pkl_id)))
      .map((r) => r.tp)
      .sort();

  it('names the PKL scores in the 409 and removes nothing; confirmed, they go and the PKL grade follows', async () => {
    expect(await nilaiAkhirOf()).toEqual([86]);
    const del = await t().app.inject({
      method: 'DELETE',
      url: `/api/kurikulum/tp/${TP[1]}`,
      headers: bearer(fx.pklToken),
    });
    expect(del.statusCode).toBe(409);
    expect(json<Body>(del)).toMatchObject({
      code: TP_IN_USE_CODE,
      message: TP_MESSAGES.inUse(0, 0, 1),
      details: { nilai_tp: '0', tp_nilai: '0', nilai_pkl: '1' },
    });
    expect(TP_MESSAGES.inUse(0, 0, 1)).toContain('1 nilai Praktik Kerja Lapangan (PKL)');
    expect(await pklScores()).toEqual([...TP].sort());
    expect(await nilaiAkhirOf()).toEqual([86]);

    const ok = await t().app.inject({
      method: 'DELETE',
      url: `/api/kurikulum/tp/${TP[1]}?force=true`,
      headers: bearer(fx.pklToken),
    });
    expect(ok.statusCode).toBe(200);
    expect(await pklScores()).toEqual([TP[0]]);
    const planTps = await t()
      .db.db.select({ tp: tpPkl.tpId })
      .from(tpPkl)
      .where(eq(tpPkl.pklId, fx.plan.pkl_id));
    expect(planTps.map((r) => r.tp)).toEqual([TP[0]]);
    // Only the 80 is left: the report's PKL grade is 80, not the 86 of scores that are gone.
    expect(await nilaiAkhirOf()).toEqual([80]);
  });
});
