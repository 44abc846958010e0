import { MESSAGES } from '@erapor/contract/errors';
import { semesterOfDate } from '@erapor/contract/semester';
import { expect, it } from 'vitest';
import type { MailMessage } from '../../mail';
import { bearer, describeEngines, json, loginAs } from '../../test/engines';

const active = semesterOfDate(new Date()).semester_id;
const outbox: MailMessage[] = [];

describeEngines(
  'forgot and reset password',
  { mailer: { send: async (m) => void outbox.push(m) }, config: { appUrl: 'https://rapor.smkn1.sch.id' } },
  (t) => {
    const forgot = (email: string) =>
      t().app.inject({ method: 'POST', url: '/api/jwt/forgot-password', payload: { email } });
    const reset = (payload: object) =>
      t().app.inject({ method: 'POST', url: '/api/jwt/reset-password', payload });

    it('without SMTP the page is told to ask the administrator', async () => {
      const ctx = t().app.ctx;
      const mailer = ctx.mailer;
      ctx.mailer = null;
      try {
        const res = await forgot('guru@demo.sch.id');
        expect(res.statusCode).toBe(200);
        expect(json(res)).toEqual({ mailConfigured: false, message: MESSAGES.forgotPasswordNoMail });
      } finally {
        ctx.mailer = mailer;
      }
    });

    it('answers the same for known and unknown addresses; mails a one-hour link to known ones', async () => {
      outbox.length = 0;
      const known = await forgot('Pkl@demo.sch.id');
      const unknown = await forgot('siapa@demo.sch.id');
      expect(known.statusCode).toBe(200);
      expect(json(known)).toEqual(json(unknown));
      expect(json(known)).toEqual({ mailConfigured: true, message: MESSAGES.forgotPasswordSent });
      await new Promise((r) => setTimeout(r, 20));
      expect(outbox).toHaveLength(1);
      expect(outbox[0]?.to).toBe('pkl@demo.sch.id');
      expect(outbox[0]?.text).toMatch(/https:\/\/rapor\.smkn1\.sch\.id\/lupa-password\?token=[\w-]{43}/);
      const invalid = await forgot('bukan email');
      expect(invalid.statusCode).toBe(400);
      expect(json(invalid)).toMatchObject({ details: { email: MESSAGES.emailInvalid } });
    });

    it('resets the password once with the mailed token and ends every session', async () => {
      outbox.length = 0;
      const session = await loginAs(t().app, 'pkl@demo.sch.id', active);
      await forgot('pkl@demo.sch.id');
      await new Promise((r) => setTimeout(r, 20));
      const token = /token=([\w-]+)/.exec(outbox[0]?.text ?? '')?.[1] ?? '';
      expect(token).not.toBe('');
      const mismatch = await reset({
        token,
        password: 'sandi-baru-123',
        password_confirmation: 'lain-lagi-123',
      });
      expect(mismatch.statusCode).toBe(400);
      expect(json(mismatch)).toMatchObject({
        details: { password_confirmation: MESSAGES.passwordConfirmationMismatch },
      });
      const bad = await reset({
        token: 'x'.repeat(43),
        password: 'sandi-baru-123',
        password_confirmation: 'sandi-baru-123',
      });
      expect(bad.statusCode).toBe(422);
      expect(json(bad)).toMatchObject({ details: { token: MESSAGES.resetTokenInvalid } });
      const ok = await reset({ token, password: 'sandi-baru-123', password_confirmation: 'sandi-baru-123' });
      expect(ok.statusCode).toBe(200);
      expect(json(ok)).toEqual({ message: MESSAGES.resetPasswordOk });
      expect(
        (await t().app.inject({ url: '/api/profile', headers: bearer(session.accessToken) })).statusCode,
      ).toBe(401);
      await loginAs(t().app, 'pkl@demo.sch.id', active, 'sandi-baru-123');
      const twice = await reset({
        token,
        password: 'sandi-lagi-123',
        password_confirmation: 'sandi-lagi-123',
      });
      expect(twice.statusCode).toBe(422);
      const stored = await t().db.query<{ token_hash: string }>('select token_hash from password_resets');
      expect(stored.some((r) => r.token_hash === token)).toBe(false);
    });
  },
);
