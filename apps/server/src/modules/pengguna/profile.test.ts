import { randomBytes } from 'node:crypto';
import { MESSAGES } from '@erapor/contract/errors';
import { IMAGE_MESSAGES } from '@erapor/contract/image';
import { semesterOfDate } from '@erapor/contract/semester';
import { beforeAll, expect, it } from 'vitest';
import { realImage } from '../../lib/test-images';
import { bearer, DEMO_PASSWORD, describeEngines, json, loginAs } from '../../test/engines';

const active = semesterOfDate(new Date()).semester_id;

/** A tiny valid PNG (1×1). */
const PNG = Buffer.from(
  // A 1 × 1 black PNG that decodes (lib/image.ts decodes every upload in full, decision 049).
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c63606060f80f00010401005fe5c34b0000000049454e44ae426082',
  'hex',
);

function multipart(field: string, filename: string, content: Buffer, type = 'application/octet-stream') {
  const boundary = `----erapor${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\n` +
        `Content-Type: ${type}\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describeEngines('profile', {}, (t) => {
  let token = '';
  let userId = '';
  beforeAll(async () => {
    const login = await loginAs(t().app, 'waka@demo.sch.id', active);
    token = login.accessToken;
    userId = String(login.userData.id);
  });
  const put = (url: string, payload: object, tok = token) =>
    t().app.inject({ method: 'PUT', url, payload, headers: bearer(tok) });
  const upload = (m: ReturnType<typeof multipart>, tok = token) =>
    t().app.inject({
      method: 'POST',
      url: '/api/profile/photo',
      payload: m.payload,
      headers: { ...m.headers, ...bearer(tok) },
    });

  it('reads the own profile', async () => {
    const res = await t().app.inject({ url: '/api/profile', headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({
      id: userId,
      name: 'Dewi Lestari, S.Pd, M.Pd', // the demo-school generator's waka@ (with her titles)
      email: 'waka@demo.sch.id',
      username: null,
      photo_url: null,
    });
  });

  it('updates name and e-mail, refusing empty, invalid and taken values', async () => {
    const empty = await put('/api/profile', { name: ' ', email: '' });
    expect(empty.statusCode).toBe(400);
    expect(json(empty)).toMatchObject({
      details: { name: 'Nama Lengkap tidak boleh kosong!', email: 'Email tidak boleh kosong!' },
    });
    const invalid = await put('/api/profile', { name: 'Dewi', email: 'dewi@' });
    expect(json(invalid)).toMatchObject({ details: { email: 'Email tidak valid!' } });
    const taken = await put('/api/profile', { name: 'Dewi', email: 'GURU@demo.sch.id' });
    expect(taken.statusCode).toBe(422);
    expect(json(taken)).toMatchObject({ details: { email: MESSAGES.profileEmailTaken } });
    const ok = await put('/api/profile', { name: '  Dewi Lestari  ', email: 'Dewi@Demo.sch.id' });
    expect(ok.statusCode).toBe(200);
    expect(json(ok)).toMatchObject({ name: 'Dewi Lestari', email: 'dewi@demo.sch.id' });
    await loginAs(t().app, 'dewi@demo.sch.id', active);
    // Back, so other suites' expectations about the demo stay true.
    expect(
      (await put('/api/profile', { name: 'Dewi Lestari, S.Pd, M.Pd', email: 'waka@demo.sch.id' })).statusCode,
    ).toBe(200);
    expect(
      (await t().app.inject({ method: 'PUT', url: '/api/profile', payload: { name: 'x', email: 'x@y.id' } }))
        .statusCode,
    ).toBe(401);
  });

  it('stores a jpg/png photo and serves it to logged-in users only', async () => {
    const res = await upload(multipart('photo', 'saya.PNG', PNG, 'image/png'));
    expect(res.statusCode, res.body).toBe(200);
    const url = json<{ photo_url: string }>(res).photo_url;
    expect(url).toMatch(new RegExp(`^/api/profile/photo/${userId}\\?v=`));
    const img = await t().app.inject({ url, headers: bearer(token) });
    expect(img.statusCode).toBe(200);
    // Stored re-encoded as a JPEG photo (decision 049), never the bytes sent.
    expect(img.headers['content-type']).toBe('image/jpeg');
    expect(img.rawPayload.equals(PNG)).toBe(false);
    expect((await t().app.inject({ url })).statusCode).toBe(401);
    // Another user of the school sees it; the login answer carries the URL.
    const guru = await loginAs(t().app, 'guru@demo.sch.id', active);
    expect((await t().app.inject({ url, headers: bearer(guru.accessToken) })).statusCode).toBe(200);
    const again = await loginAs(t().app, 'waka@demo.sch.id', active);
    expect(again.userData.photo_url).toBe(url);
    const jpg = await upload(multipart('photo', 'foto.jpeg', await realImage(30, 40, 'jpeg'), 'image/jpeg'));
    expect(jpg.statusCode).toBe(200);
    const img2 = await t().app.inject({
      url: json<{ photo_url: string }>(jpg).photo_url,
      headers: bearer(token),
    });
    expect(img2.headers['content-type']).toBe('image/jpeg');
    const none = await t().app.inject({
      url: `/api/profile/photo/${guru.userData.id}`,
      headers: bearer(token),
    });
    expect(none.statusCode).toBe(404);
    const badId = await t().app.inject({ url: '/api/profile/photo/not-a-uuid', headers: bearer(token) });
    expect(badId.statusCode).toBe(400);
  });

  it('refuses other file types, files over 1 MB and requests without a photo (422, never 5xx)', async () => {
    const gif = await upload(multipart('photo', 'x.gif', Buffer.from('GIF89a....'), 'image/gif'));
    expect(gif.statusCode).toBe(422);
    expect(json(gif)).toMatchObject({ details: { photo: 'Foto harus berekstensi jpg/jpeg/png' } });
    const disguised = await upload(multipart('photo', 'x.png', Buffer.from('<?php echo 1; ?>'), 'image/png'));
    expect(json(disguised)).toMatchObject({ details: { photo: IMAGE_MESSAGES.notImage } });
    const wrongName = await upload(multipart('photo', 'x.txt', PNG, 'text/plain'));
    expect(json(wrongName)).toMatchObject({ details: { photo: 'Foto harus berekstensi jpg/jpeg/png' } });
    const big = Buffer.concat([PNG, Buffer.alloc(1024 * 1024 + 10)]);
    const tooBig = await upload(multipart('photo', 'besar.png', big, 'image/png'));
    expect(tooBig.statusCode).toBe(422);
    expect(json(tooBig)).toMatchObject({ details: { photo: 'Ukuran foto tidak boleh lebih dari 1 MB!' } });
    const otherField = await upload(multipart('foto', 'x.png', PNG, 'image/png'));
    expect(otherField.statusCode).toBe(422);
    expect(json(otherField)).toMatchObject({ details: { photo: MESSAGES.photoRequired } });
    const asJson = await t().app.inject({
      method: 'POST',
      url: '/api/profile/photo',
      payload: {},
      headers: bearer(token),
    });
    expect(asJson.statusCode).toBe(422);
    const broken = await t().app.inject({
      method: 'POST',
      url: '/api/profile/photo',
      payload: '--xx\r\nnonsense',
      headers: { 'content-type': 'multipart/form-data; boundary=xx', ...bearer(token) },
    });
    expect(broken.statusCode).toBeGreaterThanOrEqual(400);
    expect(broken.statusCode).toBeLessThan(500);
  });

  it('changes the password: checks the old one and the confirmation, ends the other sessions', async () => {
    const other = await loginAs(t().app, 'waka@demo.sch.id', active);
    await t().db.query(`update users set must_change_password = true where email = 'waka@demo.sch.id'`);
    const empty = await put('/api/profile/password', {});
    expect(empty.statusCode).toBe(400);
    expect(json(empty)).toMatchObject({
      details: {
        current_password: 'Kata sandi lama tidak boleh kosong',
        password: 'Kata sandi baru tidak boleh kosong',
        password_confirmation: 'Konfirmasi kata sandi tidak boleh kosong',
      },
    });
    const mismatch = await put('/api/profile/password', {
      current_password: DEMO_PASSWORD,
      password: 'sandi-baru-123',
      password_confirmation: 'sandi-baru-124',
    });
    expect(mismatch.statusCode).toBe(400);
    expect(json(mismatch)).toMatchObject({
      details: { password_confirmation: 'Konfirmasi kata sandi tidak sesuai dengan Kata sandi baru' },
    });
    const short = await put('/api/profile/password', {
      current_password: DEMO_PASSWORD,
      password: 'pendek',
      password_confirmation: 'pendek',
    });
    expect(json(short)).toMatchObject({ details: { password: 'Kata sandi baru minimal 8 karakter' } });
    const wrongOld = await put('/api/profile/password', {
      current_password: 'bukan-ini',
      password: 'sandi-baru-123',
      password_confirmation: 'sandi-baru-123',
    });
    expect(wrongOld.statusCode).toBe(422);
    expect(json(wrongOld)).toMatchObject({ details: { current_password: MESSAGES.currentPasswordWrong } });
    const ok = await put('/api/profile/password', {
      current_password: DEMO_PASSWORD,
      password: 'sandi-baru-123',
      password_confirmation: 'sandi-baru-123',
    });
    expect(ok.statusCode).toBe(200);
    expect(json(ok)).toEqual({ message: MESSAGES.passwordUpdated });
    // This session stays, the other device is logged out.
    expect((await t().app.inject({ url: '/api/profile', headers: bearer(token) })).statusCode).toBe(200);
    expect(
      (await t().app.inject({ url: '/api/profile', headers: bearer(other.accessToken) })).statusCode,
    ).toBe(401);
    const fresh = await loginAs(t().app, 'waka@demo.sch.id', active, 'sandi-baru-123');
    expect(fresh.userData.must_change_password).toBe(false);
    const old = await t().app.inject({
      method: 'POST',
      url: '/api/jwt/login',
      payload: { email: 'waka@demo.sch.id', password: DEMO_PASSWORD, semester_id: active },
      remoteAddress: '10.4.4.4',
    });
    expect(old.statusCode).toBe(401);
  });
});
