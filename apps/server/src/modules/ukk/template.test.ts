import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { MESSAGES } from '@erapor/contract/errors';
import { IMAGE_MESSAGES } from '@erapor/contract/image';
import { TEMPLATE_MESSAGES, type TemplateResponse } from '@erapor/contract/ukk/template';
import { and, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { nilaiUkk } from '../../db/tables/ukk';
import { type SeededDemo, seedDemo } from '../../test/demo';
import { bearer, describeEngines, json, loginAs } from '../../test/engines';
import { pdfText } from '../../test/pdf-text';
import { UKK_FIX, ukkFixtures } from './test-fixtures';

/*
 * Template Sertifikat leftovers (decision 038): the emblem choice, the background image (JPG/PNG
 * ≤ 1 MB through the image header check), "Pratinjau", the English programme names; Kaprog only,
 * checked before the body; every refusal a field message, never a 500.
 */

/** A real 2 × 2 RGB PNG (pdfkit embeds it): signature, IHDR, IDAT, IEND with their CRCs. */
function png(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(2, 0);
  ihdr.writeUInt32BE(2, 4);
  ihdr.writeUInt8(8, 8); // bit depth
  ihdr.writeUInt8(2, 9); // RGB
  const rows = Buffer.from([0, 255, 0, 0, 0, 255, 0, 0, 0, 0, 255, 255, 255, 255]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function multipart(file?: { field?: string; name: string; content: Buffer }) {
  const boundary = `----erapor${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'latar'}"; filename="${file.name}"\r\n` +
          'Content-Type: application/octet-stream\r\n\r\n',
      ),
      file.content,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** Images drawn in a PDF (pdfimages -list, header lines off). */
function imageCount(pdf: Buffer): number {
  const file = join(mkdtempSync(join(tmpdir(), 'latar-')), 's.pdf');
  writeFileSync(file, pdf);
  return execFileSync('pdfimages', ['-list', file], { encoding: 'utf8' }).trim().split('\n').length - 2;
}

describeEngines('UKK: Template Sertifikat (logo, latar, pratinjau, English names)', {}, (t) => {
  let demo: SeededDemo;
  const tokens: Record<string, string> = {};
  let fx: Awaited<ReturnType<typeof ukkFixtures>>;
  let certificate = '';
  const req = (who: string, method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, extra = {}) =>
    t().app.inject({
      method,
      url,
      ...extra,
      headers: { ...bearer(tokens[who] ?? ''), ...((extra as { headers?: object }).headers ?? {}) },
    });
  const upload = (who: string, file?: Parameters<typeof multipart>[0]) => {
    const m = multipart(file);
    return req(who, 'PUT', '/api/ukk/template/latar', { payload: m.payload, headers: m.headers });
  };
  const details = (res: { body: string }) => json<{ details: Record<string, string> }>(res as never).details;

  beforeAll(async () => {
    const db = t().db.db;
    demo = await seedDemo(db);
    fx = await ukkFixtures(db, demo);
    for (const key of ['admin', 'guru', 'waka', 'kaprog', 'siswa'] as const) {
      tokens[key] = (await loginAs(t().app, demo.accounts[key].email, demo.semesterId)).accessToken;
    }
    const plan = json<{ rencana_ukk_id: string }>(
      await req('kaprog', 'POST', '/api/ukk/rencana', {
        payload: {
          rombongan_belajar_id: fx.kelas,
          paket_ukk_id: UKK_FIX.paket,
          internal: fx.internal,
          eksternal: UKK_FIX.asesor,
          tanggal_sertifikat: '2026-06-15',
          pola_ukk: 'sekolah',
          anggota_rombel_ids: [fx.members[0]?.id],
        },
      }),
    ).rencana_ukk_id;
    await db
      .update(nilaiUkk)
      .set({ nilai: 88 })
      .where(and(eq(nilaiUkk.rencanaUkkId, plan), eq(nilaiUkk.anggotaRombelId, fx.members[0]?.id ?? '')));
    certificate = `/api/cetak/sertifikat/${fx.members[0]?.id}/${plan}`;
  });

  it('Tut Wuri Handayani and the English programme name print; the programmes are listed', async () => {
    const before = json<TemplateResponse>(await req('kaprog', 'GET', '/api/ukk/template'));
    expect(before.template.logo).toBeNull();
    expect(before.bawaan.logo).toBe('sekolah');
    const [programme] = before.jurusan;
    if (!programme) throw new Error('no programme with tingkat 12');
    const saved = await req('kaprog', 'PUT', '/api/ukk/template', {
      payload: { logo: 'tut_wuri', jurusan_en: { [programme.jurusan_id]: 'Computer Network Engineering' } },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const after = json<TemplateResponse>(await req('kaprog', 'GET', '/api/ukk/template'));
    expect(after.template.logo).toBe('tut_wuri');
    expect(after.template.jurusan_en).toEqual({ [programme.jurusan_id]: 'Computer Network Engineering' });
    const { text } = pdfText((await req('kaprog', 'GET', certificate)).rawPayload);
    expect(text).toContain('TUT WURI HANDAYANI');
    expect(text).toContain('Computer Network Engineering');
  });

  it('refuses a bad emblem and an unknown programme with a field message, storing nothing', async () => {
    const bad = await req('kaprog', 'PUT', '/api/ukk/template', { payload: { logo: 'garuda' } });
    expect(bad.statusCode).toBe(400);
    expect(details(bad).logo).toBe(TEMPLATE_MESSAGES.logoInvalid);
    const unknown = await req('kaprog', 'PUT', '/api/ukk/template', {
      payload: { logo: 'sekolah', jurusan_en: { '99999999': 'Nowhere' } },
    });
    expect(unknown.statusCode).toBe(422);
    expect(details(unknown)['jurusan_en.99999999']).toBe(TEMPLATE_MESSAGES.jurusanInvalid);
    expect(json<TemplateResponse>(await req('kaprog', 'GET', '/api/ukk/template')).template.logo).toBe(
      'tut_wuri',
    );
  });

  it('stores a PNG background (printed on every page), refuses the rest per field, and removes it', async () => {
    const ok = await upload('kaprog', { name: 'latar.png', content: png() });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(json<{ message: string }>(ok).message).toBe(TEMPLATE_MESSAGES.latarSaved);
    expect(json<TemplateResponse>(await req('kaprog', 'GET', '/api/ukk/template')).template.latar).toBe(true);
    const pdf = (await req('kaprog', 'GET', certificate)).rawPayload;
    // Both pages draw the one stored image.
    expect(imageCount(pdf)).toBe(2);
    const cases: [Parameters<typeof multipart>[0], string][] = [
      [undefined, TEMPLATE_MESSAGES.latarRequired],
      [{ field: 'lain', name: 'latar.png', content: png() }, TEMPLATE_MESSAGES.latarRequired],
      [
        { name: 'latar.png', content: Buffer.concat([png(), randomBytes(1024 * 1024)]) },
        TEMPLATE_MESSAGES.latarSize,
      ],
      [{ name: 'latar.gif', content: png() }, TEMPLATE_MESSAGES.latarType],
      [{ name: 'latar.png', content: Buffer.from('bukan gambar sama sekali') }, IMAGE_MESSAGES.notImage],
    ];
    for (const [file, message] of cases) {
      const res = await upload('kaprog', file);
      expect(res.statusCode, message).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, message).toBeLessThan(500);
      expect(details(res).latar, message).toBe(message);
    }
    const removed = await req('kaprog', 'DELETE', '/api/ukk/template/latar');
    expect(json<{ message: string }>(removed).message).toBe(TEMPLATE_MESSAGES.latarRemoved);
    expect(json<TemplateResponse>(await req('kaprog', 'GET', '/api/ukk/template')).template.latar).toBe(
      false,
    );
    expect(imageCount((await req('kaprog', 'GET', certificate)).rawPayload)).toBe(0);
  });

  it('Pratinjau prints sample data with the choices sent, unsaved; a bad choice is a field message', async () => {
    const res = await req('kaprog', 'POST', '/api/ukk/template/pratinjau', {
      payload: { judul_id: 'SERTIFIKAT KOMPETENSI CONTOH', masa_berlaku: 4, predikat_scheme: 'empat' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const { text, pages } = pdfText(res.rawPayload);
    expect(pages).toBe(2);
    expect(text).toContain('SERTIFIKAT KOMPETENSI CONTOH');
    expect(text).toContain('4 (empat) Tahun');
    expect(text).toContain('NAMA PESERTA DIDIK');
    expect(text).toContain('PRATINJAU');
    // The sample's 85 under the four-level scheme.
    expect(text).toContain('KOMPETEN');
    // Nothing was saved.
    expect(
      json<TemplateResponse>(await req('kaprog', 'GET', '/api/ukk/template')).template.judul_id,
    ).toBeNull();
    const bad = await req('kaprog', 'POST', '/api/ukk/template/pratinjau', { payload: { masa_berlaku: 11 } });
    expect(bad.statusCode).toBe(400);
    expect(details(bad).masa_berlaku).toBe(TEMPLATE_MESSAGES.masaInvalid);
  });

  it.each(['guru', 'waka', 'admin', 'siswa'])('%s gets 403 before the body is looked at', async (who) => {
    const calls = [
      await req(who, 'PUT', '/api/ukk/template', { payload: { masa_berlaku: 'x' } }),
      await upload(who, { name: 'latar.png', content: png() }),
      await upload(who),
      await req(who, 'DELETE', '/api/ukk/template/latar'),
      await req(who, 'POST', '/api/ukk/template/pratinjau', { payload: { masa_berlaku: 99 } }),
    ];
    for (const res of calls) {
      expect(res.statusCode).toBe(403);
      expect(json<{ message: string }>(res).message).toBe(MESSAGES.forbidden);
    }
  });
});
