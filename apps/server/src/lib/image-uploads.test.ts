import { randomBytes } from 'node:crypto';
import { MESSAGES } from '@erapor/contract/errors';
import { SETTING_MESSAGES, type SettingsResponse } from '@erapor/contract/sekolah';
import { semesterOfDate } from '@erapor/contract/semester';
import { SPREADSHEET_MESSAGES } from '@erapor/contract/spreadsheet';
import { beforeAll, expect, it } from 'vitest';
import { bearer, describeEngines, json, loginAs } from '../test/engines';
import { jpegHeader, pngHeader } from './test-images';

/*
 * Pictures are checked by their header before they are stored (decision 018): more than 4000 pixels
 * on a side is refused on the field, whatever the file weighs; a header that cannot be read is not an
 * image. Both upload endpoints: the profile photo and the school logo.
 */

function multipart(parts: { field: string; filename?: string; content: Buffer | string }[]) {
  const boundary = `----erapor${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = p.filename
      ? `form-data; name="${p.field}"; filename="${p.filename}"\r\nContent-Type: application/octet-stream`
      : `form-data; name="${p.field}"`;
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n\r\n`),
      Buffer.from(p.content),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const details = (res: { body: string }) => json<{ details: Record<string, string> }>(res as never).details;

describeEngines('image uploads: pixel size from the header', {}, (t) => {
  let admin = '';
  beforeAll(async () => {
    admin = (await loginAs(t().app, 'admin@demo.sch.id', semesterOfDate(new Date()).semester_id)).accessToken;
  });

  it('profile photo: a PNG or JPEG over 4000 pixels a side is refused on "photo"; an unreadable header is not an image', async () => {
    const send = (filename: string, content: Buffer) => {
      const m = multipart([{ field: 'photo', filename, content }]);
      return t().app.inject({
        method: 'POST',
        url: '/api/profile/photo',
        payload: m.payload,
        headers: { ...m.headers, ...bearer(admin) },
      });
    };
    const huge = await send('besar.png', pngHeader(60_000, 60_000));
    expect(huge.statusCode).toBe(422);
    expect(details(huge).photo).toBe(SPREADSHEET_MESSAGES.imageTooLarge(60_000, 60_000, 4000));
    const wide = await send('lebar.jpg', jpegHeader(4001, 300));
    expect(wide.statusCode).toBe(422);
    expect(details(wide).photo).toBe(SPREADSHEET_MESSAGES.imageTooLarge(4001, 300, 4000));
    const broken = await send(
      'rusak.jpg',
      Buffer.concat([Buffer.from('ffd8ffe000104a46494600', 'hex'), randomBytes(64)]),
    );
    expect(broken.statusCode).toBe(422);
    expect(details(broken).photo).toBe(MESSAGES.photoType);
    const ok = await send('foto.jpg', jpegHeader(4000, 3000));
    expect(ok.statusCode, ok.body).toBe(200);
    const png = await send('foto.png', pngHeader(800, 800));
    expect(png.statusCode, png.body).toBe(200);
  });

  it('school logo: over 4000 pixels a side is refused on "logo" and nothing is saved; an unreadable header is not an image', async () => {
    const page = json<SettingsResponse>(
      await t().app.inject({ url: '/api/setting', headers: bearer(admin) }),
    );
    // The settings form as the screen sends it (sekolah/routes.test.ts), with a date to see what was saved.
    const form = {
      periode_aktif: page.periode_aktif,
      tanggal_rapor: '2026-12-03',
      tanggal_rapor_kelas_akhir: '',
      tanggal_rapor_pts: null,
      kepala_sekolah: page.guru_options[0]?.value ?? null,
      jabatan: 'Kepala Sekolah',
      zona: 'Asia/Jakarta',
      rombel_4_tahun: [],
      url_dapodik: '',
      token_dapodik: '',
      sekolah: page.sekolah,
    };
    const send = (filename: string, content: Buffer) => {
      const m = multipart([
        { field: 'data', content: JSON.stringify(form) },
        { field: 'logo', filename, content },
      ]);
      return t().app.inject({
        method: 'POST',
        url: '/api/setting',
        payload: m.payload,
        headers: { ...m.headers, ...bearer(admin) },
      });
    };
    const huge = await send('logo.png', pngHeader(4000, 4001));
    expect(huge.statusCode).toBe(422);
    expect(details(huge).logo).toBe(SPREADSHEET_MESSAGES.imageTooLarge(4000, 4001, 4000));
    const huge2 = await send('logo.jpeg', jpegHeader(20_000, 20_000, 0xc2));
    expect(details(huge2).logo).toBe(SPREADSHEET_MESSAGES.imageTooLarge(20_000, 20_000, 4000));
    const broken = await send('logo.png', Buffer.from('89504e470d0a1a0a0000', 'hex'));
    expect(details(broken).logo).toBe(SETTING_MESSAGES.logoNotImage);
    const after = json<SettingsResponse>(
      await t().app.inject({ url: '/api/setting', headers: bearer(admin) }),
    );
    expect(after.tanggal_rapor).not.toBe('2026-12-03');
    const ok = await send('logo.png', pngHeader(512, 512));
    expect(ok.statusCode, ok.body).toBe(200);
    expect(json<SettingsResponse>(ok).tanggal_rapor).toBe('2026-12-03');
  });
});
