import { MESSAGES } from '@erapor/contract/errors';
import { semesterOfDate, semestersUpTo } from '@erapor/contract/semester';
import { expect, it } from 'vitest';
import { describeEngines, json, loginAs } from '../../test/engines';

const active = semesterOfDate(new Date()).semester_id;
type SemesterList = {
  semester: { semester_id: string; nama: string; periode_aktif: boolean }[];
  semester_id: string | null;
  allowRegister: boolean;
  sekolah: number;
};

describeEngines('register (an empty installation)', { config: { seedDemo: false } }, (t) => {
  const register = (payload: object) => t().app.inject({ method: 'POST', url: '/api/jwt/register', payload });
  const semesters = async () => json<SemesterList>(await t().app.inject({ url: '/api/auth/semester' }));

  it('generates every semester from 2020/2021 Ganjil up to today, newest first, today active', async () => {
    const list = await semesters();
    const expected = semestersUpTo(2020, new Date()).reverse();
    expect(list.semester.map((s) => s.semester_id)).toEqual(expected.map((s) => s.semester_id));
    expect(list.semester.at(-1)).toMatchObject({ semester_id: '20201', nama: '2020/2021 Ganjil' });
    expect(list.semester_id).toBe(active);
    expect(list.semester.filter((s) => s.periode_aktif).map((s) => s.semester_id)).toEqual([active]);
    expect(list.sekolah).toBe(0);
    expect(list.allowRegister).toBe(true);
  });

  it('validates each field with the Indonesian messages', async () => {
    const empty = await register({});
    expect(empty.statusCode).toBe(400);
    expect(json(empty)).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: {
        npsn: MESSAGES.npsnRequired,
        email: MESSAGES.emailRequired,
        password: MESSAGES.passwordRequired,
      },
    });
    const bad = await register({ npsn: '1234', email: 'bukan-email', password: 'pendek' });
    expect(json(bad)).toMatchObject({
      details: { npsn: MESSAGES.npsnInvalid, email: MESSAGES.emailInvalid, password: MESSAGES.passwordMin },
    });
  });

  it('the first visitor registers the school and its administrator; then registration closes', async () => {
    const ok = await register({
      npsn: '20212345',
      email: 'Operator@SMKN1.sch.id',
      password: 'rahasia-sekali',
    });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(json(ok)).toEqual({ message: 'Register berhasil' });
    const login = await loginAs(t().app, 'operator@smkn1.sch.id', active, 'rahasia-sekali');
    expect(login.userData).toMatchObject({
      name: 'Administrator',
      roles: ['admin'],
      role: 'Administrator',
      sekolah: { npsn: '20212345', nama: 'Sekolah 20212345' },
    });
    const roles = await t().db.query<{ role: string; semester_id: string }>(
      'select role, semester_id from role_user',
    );
    expect(roles).toContainEqual({ role: 'admin', semester_id: active });

    const list = await semesters();
    expect(list.sekolah).toBe(1);
    expect(list.allowRegister).toBe(false);
    const again = await register({ npsn: '20212346', email: 'lain@smk.sch.id', password: 'rahasia-sekali' });
    expect(again.statusCode).toBe(403);
    expect(json(again)).toEqual({ statusCode: 403, code: 'FORBIDDEN', message: MESSAGES.registerClosed });
  });
});

describeEngines(
  'register with REGISTRATION_OPEN=true',
  { config: { seedDemo: false, registrationOpen: true } },
  (t) => {
    const register = (payload: object) =>
      t().app.inject({ method: 'POST', url: '/api/jwt/register', payload });

    it('accepts further schools but never a duplicate e-mail or NPSN', async () => {
      expect(
        (await register({ npsn: '30000001', email: 'a@smk.sch.id', password: 'rahasia-sekali' })).statusCode,
      ).toBe(201);
      const dupEmail = await register({
        npsn: '30000002',
        email: 'A@smk.sch.id',
        password: 'rahasia-sekali',
      });
      expect(dupEmail.statusCode).toBe(422);
      expect(json(dupEmail)).toMatchObject({
        code: 'VALIDATION_ERROR',
        details: { email: 'Email telah terdaftar' },
      });
      const dupNpsn = await register({ npsn: '30000001', email: 'b@smk.sch.id', password: 'rahasia-sekali' });
      expect(dupNpsn.statusCode).toBe(422);
      expect(json(dupNpsn)).toMatchObject({ details: { npsn: MESSAGES.npsnTaken } });
      expect(
        (await register({ npsn: '30000002', email: 'b@smk.sch.id', password: 'rahasia-sekali' })).statusCode,
      ).toBe(201);
      const list = json<SemesterList>(await t().app.inject({ url: '/api/auth/semester' }));
      expect(list).toMatchObject({ sekolah: 2, allowRegister: true });
    });

    it('two registrations of the same school at once create it once', async () => {
      const results = await Promise.all([
        register({ npsn: '30000009', email: 'x1@smk.sch.id', password: 'rahasia-sekali' }),
        register({ npsn: '30000009', email: 'x2@smk.sch.id', password: 'rahasia-sekali' }),
      ]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([201, 422]);
      const rows = await t().db.query("select 1 from sekolah where npsn = '30000009'");
      expect(rows).toHaveLength(1);
    });
  },
);
