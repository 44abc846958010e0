import { SERTIFIKAT_MESSAGES } from '@erapor/contract/ukk/sertifikat';
import { TEMPLATE_MESSAGES, type TemplateResponse } from '@erapor/contract/ukk/template';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { roleUser } from '../../db/tables/pengguna';
import { pesertaDidik } from '../../db/tables/referensi';
import { sekolah } from '../../db/tables/sekolah';
import { nilaiUkk, rencanaUkk } from '../../db/tables/ukk';
import { type SeededDemo, seedDemo } from '../../test/demo';
import { bearer, describeEngines, json, loginAs } from '../../test/engines';
import { pdfText } from '../../test/pdf-text';
import { UKK_FIX, ukkFixtures } from './test-fixtures';

type Body = { message: string; rencana_ukk_id?: string };

describeEngines('UKK: Sertifikat', {}, (t) => {
  let demo: SeededDemo;
  const tokens: Record<string, string> = {};
  let fx: Awaited<ReturnType<typeof ukkFixtures>>;
  let plan = '';
  let other = '';
  let npsn = '';
  const url = (ar: string | undefined, id = plan) => `/api/cetak/sertifikat/${ar}/${id}`;
  const get = (who: string, path: string) =>
    t().app.inject({ method: 'GET', url: path, headers: bearer(tokens[who] ?? '') });

  beforeAll(async () => {
    const db = t().db.db;
    demo = await seedDemo(db);
    fx = await ukkFixtures(db, demo);
    await db.insert(roleUser).values({
      userId: demo.accounts.wali.userId,
      role: 'internal',
      semesterId: demo.semesterId,
      sekolahId: demo.sekolahId,
    });
    for (const key of ['admin', 'guru', 'wali', 'siswa', 'waka', 'kaprog', 'pkl'] as const) {
      tokens[key] = (await loginAs(t().app, demo.accounts[key].email, demo.semesterId)).accessToken;
    }
    const create = async (internal: string) =>
      json<Body>(
        await t().app.inject({
          method: 'POST',
          url: '/api/ukk/rencana',
          headers: bearer(tokens.kaprog ?? ''),
          payload: {
            rombongan_belajar_id: fx.kelas,
            paket_ukk_id: UKK_FIX.paket,
            internal,
            eksternal: UKK_FIX.asesor,
            tanggal_sertifikat: '2026-06-15',
            pola_ukk: 'sekolah',
            anggota_rombel_ids: fx.members.slice(0, 4).map((m) => m.id),
          },
        }),
      ).rencana_ukk_id ?? '';
    plan = await create(fx.internal);
    other = await create(demo.accounts.wali.guruId ?? '');
    const [a, b, c] = fx.members;
    await db
      .update(nilaiUkk)
      .set({ nilai: 69 })
      .where(eq(nilaiUkk.anggotaRombelId, a?.id ?? ''));
    await db
      .update(nilaiUkk)
      .set({ nilai: 92 })
      .where(eq(nilaiUkk.anggotaRombelId, b?.id ?? ''));
    await db
      .update(nilaiUkk)
      .set({ nilai: 80 })
      .where(eq(nilaiUkk.anggotaRombelId, c?.id ?? ''));
    await db
      .update(pesertaDidik)
      .set({ nisn: null })
      .where(eq(pesertaDidik.pesertaDidikId, c?.pd ?? ''));
    npsn =
      (await db.select({ npsn: sekolah.npsn }).from(sekolah).where(eq(sekolah.sekolahId, demo.sekolahId)))[0]
        ?.npsn ?? '';
  });

  it('prints both pages: Nomor, the pupil, the predicate, the Indonesian date and both units', async () => {
    const [, b] = fx.members;
    const [pd] = await t()
      .db.db.select()
      .from(pesertaDidik)
      .where(eq(pesertaDidik.pesertaDidikId, b?.pd ?? ''));
    const res = await get('kaprog', url(b?.id));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const { text, pages } = pdfText(res.rawPayload);
    expect(pages).toBe(2);
    // 2026 + NPSN + NISN + first participation (this plan was made before the other).
    expect(text).toContain(`Nomor: 2026${npsn}${pd?.nisn}00001`);
    expect(text).toContain(pd?.nama.toUpperCase());
    expect(text).toContain('KOMPETEN');
    expect(text).toContain('COMPETENT');
    expect(text).toContain('15 Juni 2026');
    expect(text).toContain('3 (tiga) Tahun');
    expect(text).toContain('3 (three) Years');
    expect(text).toContain('Memasang kabel');
    expect(text).toContain('Configuring a router');
    expect(text).toContain('DAFTAR KOMPETENSI');
    expect(text).toContain('PT Asesor Mitra');
    // The second plan of the same pupil is their second participation; the first keeps 00001.
    await t().db.db.update(nilaiUkk).set({ nilai: 75 }).where(eq(nilaiUkk.rencanaUkkId, other));
    const second = pdfText((await get('wali', url(b?.id, other))).rawPayload).text;
    expect(second).toContain(`Nomor: 2026${npsn}${pd?.nisn}00002`);
    expect(pdfText((await get('kaprog', url(b?.id))).rawPayload).text).toContain(`${pd?.nisn}00001`);
  });

  it("prints for the plan's examiner and the Waka; 403 for everyone else", async () => {
    const [a] = fx.members;
    expect((await get('guru', url(a?.id))).statusCode).toBe(200);
    expect((await get('waka', url(a?.id))).statusCode).toBe(200);
    for (const who of ['admin', 'siswa', 'pkl', 'wali'])
      expect((await get(who, url(a?.id))).statusCode, who).toBe(403);
  });

  it('refuses a pupil without a score, without NISN, and a plan run by an LSP', async () => {
    const [, , c, d] = fx.members;
    const [pdD] = await t()
      .db.db.select()
      .from(pesertaDidik)
      .where(eq(pesertaDidik.pesertaDidikId, d?.pd ?? ''));
    const [pdC] = await t()
      .db.db.select()
      .from(pesertaDidik)
      .where(eq(pesertaDidik.pesertaDidikId, c?.pd ?? ''));
    const noScore = await get('kaprog', url(d?.id));
    expect(noScore.statusCode).toBe(422);
    expect(json<Body>(noScore).message).toBe(SERTIFIKAT_MESSAGES.noScore(pdD?.nama ?? ''));
    const noNisn = await get('kaprog', url(c?.id));
    expect(noNisn.statusCode).toBe(422);
    expect(json<Body>(noNisn).message).toBe(SERTIFIKAT_MESSAGES.noNisn(pdC?.nama ?? ''));
    await t().db.db.update(rencanaUkk).set({ polaUkk: 'lsp' }).where(eq(rencanaUkk.rencanaUkkId, plan));
    try {
      const lsp = await get('kaprog', url(fx.members[1]?.id));
      expect(lsp.statusCode).toBe(409);
      expect(json<Body>(lsp).message).toBe(SERTIFIKAT_MESSAGES.lsp);
    } finally {
      await t().db.db.update(rencanaUkk).set({ polaUkk: 'sekolah' }).where(eq(rencanaUkk.rencanaUkkId, plan));
    }
  });

  describe('Template Sertifikat (Kaprog)', () => {
    const send = (who: string, method: 'PUT' | 'DELETE', payload?: unknown) =>
      t().app.inject({
        method,
        url: '/api/ukk/template',
        headers: bearer(tokens[who] ?? ''),
        ...(payload ? { payload } : {}),
      });

    it('validity, place and the four-level scheme print; Kembalikan ke bawaan restores the defaults', async () => {
      const [, b] = fx.members;
      const defaults = json<TemplateResponse>(await get('kaprog', '/api/ukk/template'));
      expect(defaults.template.masa_berlaku).toBeNull();
      expect(defaults.bawaan.masa_berlaku).toBe(3);
      const saved = await send('kaprog', 'PUT', {
        masa_berlaku: 5,
        tempat: 'Kota Uji',
        predikat_scheme: 'empat',
      });
      expect(json<Body>(saved).message).toBe(TEMPLATE_MESSAGES.saved);
      let text = pdfText((await get('kaprog', url(b?.id))).rawPayload).text;
      expect(text).toContain('5 (lima) Tahun');
      expect(text).toContain('5 (five) Years');
      expect(text).toContain('Kota Uji, 15 Juni 2026');
      expect(text).toContain('SANGAT KOMPETEN');
      const bad = await send('kaprog', 'PUT', { masa_berlaku: 11 });
      expect(bad.statusCode).toBe(400);
      expect(json<Body & { details: Record<string, string> }>(bad).details.masa_berlaku).toBe(
        TEMPLATE_MESSAGES.masaInvalid,
      );
      expect(json<TemplateResponse>(await get('kaprog', '/api/ukk/template')).template.masa_berlaku).toBe(5);
      expect(json<Body>(await send('kaprog', 'DELETE')).message).toBe(TEMPLATE_MESSAGES.reset);
      text = pdfText((await get('kaprog', url(b?.id))).rawPayload).text;
      expect(text).toContain('3 (tiga) Tahun');
      expect(text).toContain('KOMPETEN COMPETENT');
    });

    it.each(['guru', 'waka', 'admin', 'siswa'])('%s gets 403', async (who) => {
      expect((await get(who, '/api/ukk/template')).statusCode).toBe(403);
      expect((await send(who, 'PUT', { masa_berlaku: 4 })).statusCode).toBe(403);
      expect((await send(who, 'DELETE')).statusCode).toBe(403);
    });
  });

  describe('bad ids', () => {
    it('a pupil not in the plan is 404', async () => {
      const res = await get('kaprog', url(fx.members[6]?.id));
      expect(res.statusCode).toBe(404);
    });
  });
});
