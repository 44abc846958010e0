import { MESSAGES } from '@erapor/contract/errors';
import type { Job } from '@erapor/contract/jobs';
import {
  JOB_KIND_SERTIFIKAT_SEMUA,
  namaBerkasSertifikat,
  SERTIFIKAT_MESSAGES,
  SERTIFIKAT_SEMUA_MESSAGES,
} from '@erapor/contract/ukk/sertifikat';
import { and, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { roleUser } from '../../db/tables/pengguna';
import { pesertaDidik } from '../../db/tables/referensi';
import { sekolah } from '../../db/tables/sekolah';
import { nilaiUkk, rencanaUkk } from '../../db/tables/ukk';
import { entryData, readZipDirectory } from '../../lib/spreadsheet/zip-budget';
import { type SeededDemo, seedDemo } from '../../test/demo';
import { bearer, describeEngines, json, loginAs } from '../../test/engines';
import { pdfText } from '../../test/pdf-text';
import { jobEnd } from '../cetak/rapor/test-jobs';
import { UKK_FIX, ukkFixtures } from './test-fixtures';

/*
 * Cetak Semua of a UKK plan's certificates (decisions 033, 038): the report cards' bulk job under
 * the kind `sertifikat-ukk-semua`; the single certificate's access and refusals.
 */

const UNKNOWN = '00000000-0000-4000-8000-0000000e0c99';

describeEngines('UKK: Cetak Semua sertifikat', {}, (t) => {
  let demo: SeededDemo;
  const tokens: Record<string, string> = {};
  let fx: Awaited<ReturnType<typeof ukkFixtures>>;
  let plan = '';
  let other = '';
  let npsn = '';
  let pupils: { nama: string; nisn: string }[] = [];
  let tanpaNisn = '';

  const start = (who: string, payload: Record<string, unknown>) =>
    t().app.inject({
      method: 'POST',
      url: '/api/cetak/sertifikat-semua',
      headers: bearer(tokens[who] ?? ''),
      payload,
    });
  const get = (who: string, url: string) =>
    t().app.inject({ method: 'GET', url, headers: bearer(tokens[who] ?? '') });

  const finished = (who: string, id: string) => jobEnd(t().app, id, tokens[who]);

  async function finishedJob(who: string, output: 'pdf' | 'zip'): Promise<Job> {
    const res = await start(who, { rencana_ukk_id: plan, output });
    expect(res.statusCode, res.body).toBe(202);
    const end = await finished(who, json<Job>(res).id);
    expect(end.status, end.message ?? '').toBe('done');
    return end;
  }

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
      json<{ rencana_ukk_id?: string }>(
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
            pola_ukk: 'dunia_kerja',
            anggota_rombel_ids: fx.members.slice(0, 4).map((m) => m.id),
          },
        }),
      ).rencana_ukk_id ?? '';
    plan = await create(fx.internal);
    other = await create(demo.accounts.wali.guruId ?? '');
    // a 69, b 92, c 80 without NISN, d no score.
    const [a, b, c] = fx.members;
    for (const [m, nilai] of [
      [a, 69],
      [b, 92],
      [c, 80],
    ] as const) {
      await db
        .update(nilaiUkk)
        .set({ nilai })
        .where(and(eq(nilaiUkk.rencanaUkkId, plan), eq(nilaiUkk.anggotaRombelId, m?.id ?? '')));
    }
    await db
      .update(pesertaDidik)
      .set({ nisn: null })
      .where(eq(pesertaDidik.pesertaDidikId, c?.pd ?? ''));
    const rows = await db.select().from(pesertaDidik);
    const byPd = new Map(rows.map((r) => [r.pesertaDidikId, r]));
    pupils = [a, b]
      .map((m) => byPd.get(m?.pd ?? ''))
      .map((p) => ({ nama: p?.nama ?? '', nisn: p?.nisn ?? '' }))
      .sort((x, y) => x.nama.localeCompare(y.nama));
    tanpaNisn = byPd.get(c?.pd ?? '')?.nama ?? '';
    npsn =
      (await db.select({ npsn: sekolah.npsn }).from(sekolah).where(eq(sekolah.sekolahId, demo.sekolahId)))[0]
        ?.npsn ?? '';
  });

  it('prints the scored pupils with NISN as one PDF (two pages each); the one without NISN is named', async () => {
    const end = await finishedJob('kaprog', 'pdf');
    expect(end.total).toBe(2);
    expect(end.progress).toBe(2);
    expect(end.message).toBe(SERTIFIKAT_SEMUA_MESSAGES.done(2, [tanpaNisn]));
    const file = await get('kaprog', `/api/cetak/rapor-semua/${end.id}/unduh`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(decodeURIComponent(String(file.headers['content-disposition']))).toContain('Sertifikat UKK ');
    const { text, pages } = pdfText(file.rawPayload);
    expect(pages).toBe(4);
    for (const p of pupils) {
      expect(text).toContain(`Nomor: 2026${npsn}${p.nisn}00001`);
      expect(text).toContain(p.nama.toUpperCase());
    }
    expect(text).toContain('BELUM KOMPETEN');
    expect(text).toContain('15 Juni 2026');
    expect(text.split('DAFTAR KOMPETENSI').length - 1).toBe(2);
    expect(text).not.toContain(tanpaNisn.toUpperCase());
  });

  it('prints a ZIP for the internal examiner and the Waka: "{No}-{NISN}-{Nama}.pdf" in the class folder', async () => {
    for (const who of ['guru', 'waka']) {
      const end = await finishedJob(who, 'zip');
      const file = await get(who, `/api/cetak/rapor-semua/${end.id}/unduh`);
      expect(file.headers['content-type']).toBe('application/zip');
      const zip = file.rawPayload;
      const entries = readZipDirectory(zip, { maxEntries: 100, maxPartBytes: 50e6, maxTotalBytes: 500e6 });
      expect(entries.map((e) => e.name.split('/')[1])).toEqual(
        pupils.map((p, i) => namaBerkasSertifikat(i + 1, p)),
      );
      const first = entries[0];
      if (!first) throw new Error('empty zip');
      const one = pdfText(Buffer.from(entryData(zip, first)));
      expect(one.pages).toBe(2);
      expect(one.text).toContain(pupils[0]?.nama.toUpperCase());
    }
  });

  it("a Kaprog's job is seen by the Waka, not by the admin nor the plan's examiner", async () => {
    const end = await finishedJob('kaprog', 'zip');
    expect((await get('waka', `/api/cetak/rapor-semua/${end.id}`)).statusCode).toBe(200);
    for (const who of ['admin', 'guru'])
      for (const path of ['', '/unduh'])
        expect((await get(who, `/api/cetak/rapor-semua/${end.id}${path}`)).statusCode, who + path).toBe(403);
  });

  it('one job per plan: a second start while it runs is 409; cancel ends it', async () => {
    const first = await start('kaprog', { rencana_ukk_id: plan, output: 'zip' });
    expect(first.statusCode).toBe(202);
    const job = json<Job>(first);
    expect(job.kind.startsWith(`${JOB_KIND_SERTIFIKAT_SEMUA}:`)).toBe(true);
    const again = await start('waka', { rencana_ukk_id: plan, output: 'pdf' });
    expect(again.statusCode).toBe(409);
    expect(json<{ message: string }>(again).message).toBe(SERTIFIKAT_SEMUA_MESSAGES.alreadyRunning);
    const cancel = await t().app.inject({
      method: 'POST',
      url: `/api/cetak/rapor-semua/${job.id}/batal`,
      headers: bearer(tokens.kaprog ?? ''),
    });
    expect([200, 409]).toContain(cancel.statusCode);
    expect(['cancelled', 'done']).toContain((await finished('kaprog', job.id)).status);
  });

  it('403 before the body for admin, siswa, pkl and a plain guru; 403 for an examiner of another plan', async () => {
    for (const who of ['admin', 'siswa', 'pkl']) {
      for (const payload of [{ rencana_ukk_id: plan, output: 'pdf' }, {}]) {
        const res = await start(who, payload);
        expect(res.statusCode, who).toBe(403);
        expect(json<{ message: string }>(res).message).toBe(MESSAGES.forbidden);
      }
    }
    // wali@ holds `internal` but examines the other plan only, guru@ this one only.
    expect((await start('wali', { rencana_ukk_id: plan, output: 'pdf' })).statusCode).toBe(403);
    expect((await start('guru', { rencana_ukk_id: other, output: 'pdf' })).statusCode).toBe(403);
  });

  it('400 with the fields, 404 for an unknown plan, 422 with nothing to print, 409 for an LSP plan', async () => {
    const bad = await start('kaprog', { rencana_ukk_id: 'x', output: 'docx' });
    expect(bad.statusCode).toBe(400);
    const details = json<{ details: Record<string, string> }>(bad).details;
    expect(details.rencana_ukk_id).toBe('Rencana UKK tidak ditemukan.');
    expect(details.output).toBe('Pilih PDF atau ZIP.');
    const unknown = await start('kaprog', { rencana_ukk_id: UNKNOWN, output: 'pdf' });
    expect(unknown.statusCode).toBe(404);
    const none = await start('kaprog', { rencana_ukk_id: other, output: 'pdf' });
    expect(none.statusCode).toBe(422);
    expect(json<{ message: string }>(none).message).toBe(SERTIFIKAT_SEMUA_MESSAGES.noneToPrint);
    await t().db.db.update(rencanaUkk).set({ polaUkk: 'lsp' }).where(eq(rencanaUkk.rencanaUkkId, plan));
    try {
      const lsp = await start('kaprog', { rencana_ukk_id: plan, output: 'pdf' });
      expect(lsp.statusCode).toBe(409);
      expect(json<{ message: string }>(lsp).message).toBe(SERTIFIKAT_MESSAGES.lsp);
    } finally {
      await t().db.db.update(rencanaUkk).set({ polaUkk: 'sekolah' }).where(eq(rencanaUkk.rencanaUkkId, plan));
    }
  });
});
