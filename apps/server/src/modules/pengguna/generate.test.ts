import type { ListResponse } from '@erapor/contract/list';
import type {
  GeneratePenggunaResponse,
  PasswordPdItem,
  ResetPasswordResponse,
  UserDetail,
  UserListItem,
} from '@erapor/contract/pengguna';
import { extractText, getDocumentProxy } from 'unpdf';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, describeEngines, json, loginAs } from '../../test/engines';

const DENIED = ['guru', 'wali', 'kaprog', 'waka', 'ekskul', 'pkl', 'siswa'] as const;

describeEngines('generatePengguna, users and Password PD', {}, (t) => {
  const tokens: Record<string, string> = {};
  let semesterId = '';
  let sekolahId = '';
  /** Every one-time password handed out in this suite: none may be found in the database. */
  const handedOut: string[] = [];

  beforeAll(async () => {
    const [row] = await t().db.query<{ semester_id: string }>(
      'select semester_id from semester where periode_aktif',
    );
    semesterId = row?.semester_id ?? '';
    for (const key of ['admin', ...DENIED]) {
      const login = await loginAs(t().app, `${key}@demo.sch.id`, semesterId);
      tokens[key] = login.accessToken;
      if (key === 'admin') sekolahId = String((login.userData.sekolah as { sekolah_id: string }).sekolah_id);
    }
  });

  const as = (who: string) => bearer(tokens[who] ?? '');
  const get = (url: string, who = 'admin') => t().app.inject({ url, headers: as(who) });
  const post = (url: string, payload: object | undefined, who = 'admin') =>
    t().app.inject({ method: 'POST', url, payload, headers: as(who) });
  const rolesOf = async (guruIds: string[]) => {
    const rows = await t().db.query<{ guru_id: string; role: string }>(
      `select u.guru_id, ru.role from users u join role_user ru on ru.user_id = u.user_id
        where ru.semester_id = $1 and u.guru_id = any($2::uuid[])`,
      [semesterId, guruIds],
    );
    const map = new Map<string, Set<string>>();
    for (const r of rows) map.set(r.guru_id, (map.get(r.guru_id) ?? new Set()).add(r.role));
    return map;
  };

  describe('generatePengguna PTK', () => {
    let first: GeneratePenggunaResponse;
    beforeAll(async () => {
      // A manual role that must survive, and a derived role that must go (Dapodik no longer says so).
      await t().db.query(
        `insert into role_user (user_id, role, semester_id, sekolah_id, source)
         select user_id, 'internal', $1, sekolah_id, 'manual' from users where email = 'guru@demo.sch.id'
         union all
         select user_id, 'pembina_ekskul', $1, sekolah_id, 'generated' from users where email = 'kaprog@demo.sch.id'
         on conflict do nothing`,
        [semesterId],
      );
      const res = await post('/api/users/generate', { aksi: 'ptk' });
      expect(res.statusCode, res.body).toBe(200);
      first = json<GeneratePenggunaResponse>(res);
      handedOut.push(...first.credentials.map((c) => c.password));
    });

    it('creates one account per staff member who did not leave; existing accounts are kept', async () => {
      const [staff] = await t().db.query<{ n: number }>(
        `select count(*)::int as n from guru g where g.sekolah_id = $1 and g.deleted_at is null
           and not exists (select 1 from ptk_keluar k where k.guru_id = g.guru_id and k.semester_id = $2)`,
        [sekolahId, semesterId],
      );
      expect(first.total).toBe(staff?.n);
      expect(first.created + first.updated).toBe(first.total);
      expect(first.updated).toBeGreaterThanOrEqual(6); // the demo staff log-ins
      expect(first.credentials).toHaveLength(first.created);
      expect(first.slip_id).toBeTruthy();
      const [dupes] = await t().db.query<{ n: number }>(
        'select count(*)::int as n from (select guru_id from users where guru_id is not null group by guru_id having count(*) > 1) d',
      );
      expect(dupes?.n).toBe(0);
      // The demo password of an existing account still works.
      await loginAs(t().app, 'wali@demo.sch.id', semesterId);
    });

    it('derives wali, pilihan, pembimbing, pembina_ekskul, guru-p5 and the base role', async () => {
      const wali = await t().db.query<{ guru_id: string; jenis_rombel: number }>(
        `select distinct guru_id, jenis_rombel from rombongan_belajar
          where semester_id = $1 and guru_id is not null and deleted_at is null`,
        [semesterId],
      );
      const pkl = await t().db.query<{ guru_id: string }>(
        `select distinct guru_id from bimbing_pd
         union select distinct coalesce(guru_pengajar_id, guru_id) from pembelajaran
          where semester_id = $1 and mata_pelajaran_id = 800001000 and deleted_at is null`,
        [semesterId],
      );
      const pembina = await t().db.query<{ guru_id: string }>(
        'select distinct guru_id from ekstrakurikuler where semester_id = $1 and guru_id is not null',
        [semesterId],
      );
      expect(wali.filter((w) => w.jenis_rombel === 1).length).toBeGreaterThan(0);
      expect(pkl.length).toBeGreaterThan(0);
      expect(pembina.length).toBeGreaterThan(0);
      const roles = await rolesOf([...wali, ...pkl, ...pembina].map((r) => r.guru_id));
      for (const w of wali) {
        const expected = w.jenis_rombel === 1 ? 'wali' : w.jenis_rombel === 16 ? 'pilihan' : 'pembina_ekskul';
        expect(roles.get(w.guru_id), `${w.guru_id} ${expected}`).toContain(expected);
      }
      for (const p of pkl) expect(roles.get(p.guru_id), p.guru_id).toContain('pembimbing');
      for (const p of pembina) expect(roles.get(p.guru_id), p.guru_id).toContain('pembina_ekskul');

      const p5 = await t().db.query<{ guru_id: string }>(
        `select distinct coalesce(p.guru_pengajar_id, p.guru_id) as guru_id from pembelajaran p
          where p.semester_id = $1 and p.mata_pelajaran_id = 200040000 and p.deleted_at is null
            and exists (select 1 from pembelajaran s where s.induk_pembelajaran_id = p.pembelajaran_id)`,
        [semesterId],
      );
      expect(p5.length).toBeGreaterThan(0);
      const p5Roles = await rolesOf(p5.map((r) => r.guru_id));
      for (const r of p5) expect(p5Roles.get(r.guru_id), r.guru_id).toContain('guru-p5');

      const tendik = await t().db.query<{ guru_id: string }>(
        'select guru_id from guru where jenis_ptk_id in (11, 30, 40, 41, 42, 43, 44, 57, 58, 59, 91, 93)',
      );
      const tendikRoles = await rolesOf(tendik.map((r) => r.guru_id));
      for (const r of tendik) expect(tendikRoles.get(r.guru_id)).toContain('tu');
    });

    it('manual roles survive; derived roles no longer backed by the data go', async () => {
      const byEmail = await t().db.query<{ email: string; roles: string }>(
        `select u.email, string_agg(ru.role, ',' order by ru.role) as roles from users u
           join role_user ru on ru.user_id = u.user_id and ru.semester_id = $1
          where u.email in ('guru@demo.sch.id', 'kaprog@demo.sch.id', 'waka@demo.sch.id') group by u.email`,
        [semesterId],
      );
      const roles = Object.fromEntries(byEmail.map((r) => [r.email, r.roles.split(',')]));
      expect(roles['guru@demo.sch.id']).toContain('internal');
      expect(roles['kaprog@demo.sch.id']).toContain('kaprog');
      expect(roles['kaprog@demo.sch.id']).not.toContain('pembina_ekskul');
      expect(roles['waka@demo.sch.id']).toContain('waka');
    });

    it('a second run creates nobody and changes no role', async () => {
      const before = await t().db.query('select user_id, role from role_user order by user_id, role');
      const again = json<GeneratePenggunaResponse>(await post('/api/users/generate', { aksi: 'ptk' }));
      expect(again.created).toBe(0);
      expect(again.credentials).toEqual([]);
      expect(again.slip_id).toBeNull();
      expect(await t().db.query('select user_id, role from role_user order by user_id, role')).toEqual(
        before,
      );
    });

    it('a new account logs in with its one-time password and must change it', async () => {
      const c = first.credentials[0];
      if (!c) throw new Error('no new staff account in the demo school');
      const login = await loginAs(t().app, c.login, semesterId, c.password);
      expect(login.userData.must_change_password).toBe(true);
    });

    it('the staff slip PDF holds every new login and password', async () => {
      const res = await get(`/api/users/slip/${first.slip_id}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      const text = (await extractText(new Uint8Array(res.rawPayload), { mergePages: true })).text;
      for (const c of first.credentials) {
        expect(text).toContain(c.login);
        expect(text).toContain(c.password);
      }
    });
  });

  describe('generatePengguna PD and the slips', () => {
    let result: GeneratePenggunaResponse;
    beforeAll(async () => {
      const res = await post('/api/users/generate', { aksi: 'pd' });
      expect(res.statusCode, res.body).toBe(200);
      result = json<GeneratePenggunaResponse>(res);
      handedOut.push(...result.credentials.map((c) => c.password));
    });

    it('every active pupil gets an account with role siswa, NISN as login', async () => {
      const [active] = await t().db.query<{ n: number }>(
        `select count(*)::int as n from peserta_didik p where p.active
           and not exists (select 1 from pd_keluar k where k.peserta_didik_id = p.peserta_didik_id)`,
      );
      expect(result.total).toBe(active?.n);
      const [siswa] = await t().db.query<{ n: number }>(
        `select count(distinct u.peserta_didik_id)::int as n from users u
           join role_user ru on ru.user_id = u.user_id and ru.role = 'siswa' and ru.semester_id = $1`,
        [semesterId],
      );
      expect(siswa?.n).toBe(active?.n);
      const withNisn = result.credentials.filter((c) => /^\d{10}$/.test(c.login));
      expect(withNisn.length).toBeGreaterThan(result.credentials.length / 2);
      const again = json<GeneratePenggunaResponse>(await post('/api/users/generate', { aksi: 'pd' }));
      expect(again.created).toBe(0);
    });

    it('the slip PDF has one page per class, each slip with its login and one-time password', async () => {
      const res = await get(`/api/users/slip/${result.slip_id}`);
      expect(res.statusCode).toBe(200);
      const pdf = await getDocumentProxy(new Uint8Array(res.rawPayload));
      const { totalPages, text } = await extractText(pdf, { mergePages: false });
      const classes = [...new Set(result.credentials.map((c) => c.kelas ?? 'Tanpa Rombel'))];
      const [regular] = await t().db.query<{ n: number }>(
        `select count(distinct r.rombongan_belajar_id)::int as n from rombongan_belajar r
           join anggota_rombel ar on ar.rombongan_belajar_id = r.rombongan_belajar_id and ar.deleted_at is null
          where r.jenis_rombel = 1 and r.semester_id = $1 and r.deleted_at is null`,
        [semesterId],
      );
      expect(classes.filter((k) => k !== 'Tanpa Rombel').length).toBe(regular?.n);
      expect(totalPages).toBe(classes.length);
      for (const page of text) {
        const kelas = classes.find((k) => page.includes(`Kelas ${k} `) || page.includes(`Kelas ${k}\n`));
        const onPage = result.credentials.filter((c) => page.includes(c.password));
        expect(onPage.length, page.slice(0, 80)).toBeGreaterThan(0);
        const pageClass = onPage[0]?.kelas ?? 'Tanpa Rombel';
        if (kelas) expect(kelas).toBe(pageClass);
        for (const c of result.credentials.filter((x) => (x.kelas ?? 'Tanpa Rombel') === pageClass)) {
          expect(page).toContain(c.login);
          expect(page).toContain(c.password);
        }
      }
    });

    it('slips are only for an administrator of the school, and gone after the expiry', async () => {
      expect((await get(`/api/users/slip/${result.slip_id}`, 'wali')).statusCode).toBe(403);
      expect((await get('/api/users/slip/not-a-real-slip-id-000')).statusCode).toBe(404);
    });
  });

  describe('Akses Pengguna', () => {
    it('lists users with SQL search, role filter, sort whitelist and paging', async () => {
      const page = json<ListResponse<UserListItem>>(await get('/api/users?q=wali%40demo&per_page=10'));
      expect(page.data.map((u) => u.email)).toEqual(['wali@demo.sch.id']);
      expect(page.data[0]?.roles).toContain('wali');
      const walis = json<ListResponse<UserListItem>>(await get('/api/users?role=wali&per_page=100'));
      expect(walis.total).toBeGreaterThan(0);
      expect(walis.data.every((u) => u.roles.includes('wali'))).toBe(true);
      const sorted = json<ListResponse<UserListItem>>(
        await get('/api/users?sort_by=name&sort_dir=desc&per_page=25'),
      );
      const names = sorted.data.map((u) => u.name);
      expect(sorted.total).toBeGreaterThan(25);
      expect(sorted.data).toHaveLength(25);
      expect(names[0]?.localeCompare(names[24] ?? '')).not.toBe(-1);
      expect((await get('/api/users?sort_by=password_hash')).statusCode).toBe(400);
      expect(JSON.stringify(sorted)).not.toContain('argon2');
    });

    it('adds and removes a manual role (Waka) of a staff account; refuses others', async () => {
      const [guru] = json<ListResponse<UserListItem>>(await get('/api/users?q=guru%40demo.sch.id')).data;
      if (!guru) throw new Error('guru@ not listed');
      const added = await post(`/api/users/${guru.user_id}/roles`, { role: 'waka' });
      expect(added.statusCode, added.body).toBe(200);
      const detail = json<UserDetail>(added);
      expect(detail.roles).toContain('waka');
      expect(detail.role_details.find((r) => r.role === 'waka')?.removable).toBe(true);
      expect(detail.role_details.find((r) => r.role === 'guru')?.removable).toBe(false);
      expect(detail.addable_roles).not.toContain('waka');
      // The role takes effect at once: guru@ now reaches the Waka resource on login.
      const relog = await loginAs(t().app, 'guru@demo.sch.id', semesterId);
      expect(relog.userData.roles).toContain('waka');

      expect((await post(`/api/users/${guru.user_id}/roles`, { role: 'admin' })).statusCode).toBe(400);
      const [siswa] = json<ListResponse<UserListItem>>(await get('/api/users?q=siswa%40demo.sch.id')).data;
      const pupil = await post(`/api/users/${siswa?.user_id}/roles`, { role: 'kaprog' });
      expect(pupil.statusCode).toBe(422);

      const removed = await t().app.inject({
        method: 'DELETE',
        url: `/api/users/${guru.user_id}/roles/waka`,
        headers: as('admin'),
      });
      expect(json<UserDetail>(removed).roles).not.toContain('waka');
      const derived = await t().app.inject({
        method: 'DELETE',
        url: `/api/users/${guru.user_id}/roles/guru`,
        headers: as('admin'),
      });
      expect(derived.statusCode).toBe(400);
    });

    it('reset password: a new one-time password, shown once, old sessions end', async () => {
      const [kaprog] = json<ListResponse<UserListItem>>(await get('/api/users?q=kaprog%40demo')).data;
      const old = await loginAs(t().app, 'kaprog@demo.sch.id', semesterId);
      const res = await post(`/api/users/${kaprog?.user_id}/reset-password`, undefined);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      const { credential } = json<ResetPasswordResponse>(res);
      handedOut.push(credential.password);
      expect(credential.login).toBe('kaprog@demo.sch.id');
      const refresh = await t().app.inject({
        method: 'POST',
        url: '/api/jwt/refresh-token',
        payload: { refreshToken: old.refreshToken },
      });
      expect(refresh.statusCode).toBe(401);
      const fresh = await loginAs(t().app, 'kaprog@demo.sch.id', semesterId, credential.password);
      expect(fresh.userData.must_change_password).toBe(true);
      tokens.kaprog = fresh.accessToken; // the old session ended
      const list = json<ListResponse<UserListItem>>(await get('/api/users?q=kaprog%40demo')).data;
      expect(list[0]?.password_status).toBe('default');
    });
  });

  describe('Password PD', () => {
    it('wali sees only the pupils of their own class; the administrator sees all', async () => {
      const [waliClass] = await t().db.query<{ id: string; n: number }>(
        `select r.rombongan_belajar_id as id, count(ar.*)::int as n from rombongan_belajar r
           join users u on u.guru_id = r.guru_id and u.email = 'wali@demo.sch.id'
           join anggota_rombel ar on ar.rombongan_belajar_id = r.rombongan_belajar_id and ar.deleted_at is null
           join peserta_didik p on p.peserta_didik_id = ar.peserta_didik_id and p.active
          where r.jenis_rombel = 1 and r.semester_id = $1 and not exists (select 1 from pd_keluar k where k.peserta_didik_id = p.peserta_didik_id)
          group by r.rombongan_belajar_id`,
        [semesterId],
      );
      const mine = json<ListResponse<PasswordPdItem>>(await get('/api/password-pd?per_page=100', 'wali'));
      expect(mine.total).toBe(waliClass?.n);
      expect(mine.data.every((p) => p.login !== null)).toBe(true);
      const options = json<{ data: { value: string }[] }>(await get('/api/password-pd/rombel', 'wali'));
      expect(options.data.map((o) => o.value)).toEqual([waliClass?.id]);
      const all = json<ListResponse<PasswordPdItem>>(await get('/api/password-pd?per_page=10'));
      expect(all.total).toBeGreaterThan(mine.total);
      const adminOptions = json<{ data: { value: string }[] }>(await get('/api/password-pd/rombel'));
      const other = adminOptions.data.find((o) => o.value !== waliClass?.id);
      expect((await get(`/api/password-pd?rombongan_belajar_id=${other?.value}`, 'wali')).statusCode).toBe(
        403,
      );
      const filtered = json<ListResponse<PasswordPdItem>>(
        await get(`/api/password-pd?rombongan_belajar_id=${other?.value}&sort_by=nisn&per_page=100`),
      );
      expect(filtered.total).toBeGreaterThan(0);
      expect(
        filtered.data.some((p) => mine.data.some((m) => m.peserta_didik_id === p.peserta_didik_id)),
      ).toBe(false);
    });

    it('wali resets their own pupil only; the pupil logs in with the one-time password', async () => {
      const mine = json<ListResponse<PasswordPdItem>>(await get('/api/password-pd?per_page=100', 'wali'));
      const pupil = mine.data.find((p) => p.login && p.nisn && p.login !== 'siswa@demo.sch.id');
      const res = await post(`/api/password-pd/${pupil?.peserta_didik_id}/reset`, undefined, 'wali');
      expect(res.statusCode, res.body).toBe(200);
      const { credential } = json<ResetPasswordResponse>(res);
      handedOut.push(credential.password);
      expect(credential.login).toBe(pupil?.login);
      const login = await loginAs(t().app, credential.login, semesterId, credential.password);
      expect(login.userData.roles).toEqual(['siswa']);

      const all = json<ListResponse<PasswordPdItem>>(await get('/api/password-pd?per_page=100'));
      const stranger = all.data.find(
        (p) => !mine.data.some((m) => m.peserta_didik_id === p.peserta_didik_id),
      );
      expect(
        (await post(`/api/password-pd/${stranger?.peserta_didik_id}/reset`, undefined, 'wali')).statusCode,
      ).toBe(403);
      expect((await post(`/api/password-pd/${stranger?.peserta_didik_id}/reset`, undefined)).statusCode).toBe(
        200,
      );
    });
  });

  it('403 for every role without access, 401 without a token', async () => {
    const [any] = await t().db.query<{ user_id: string }>(
      "select user_id from users where email = 'guru@demo.sch.id'",
    );
    const [pd] = await t().db.query<{ peserta_didik_id: string }>(
      'select peserta_didik_id from peserta_didik limit 1',
    );
    const adminOnly: [string, string, object | undefined][] = [
      ['GET', '/api/users', undefined],
      ['GET', `/api/users/${any?.user_id}`, undefined],
      ['POST', `/api/users/${any?.user_id}/roles`, { role: 'waka' }],
      ['DELETE', `/api/users/${any?.user_id}/roles/waka`, undefined],
      ['POST', `/api/users/${any?.user_id}/reset-password`, undefined],
      ['POST', '/api/users/generate', { aksi: 'ptk' }],
      ['GET', '/api/users/slip/some-slip-id-0000', undefined],
    ];
    const adminOrWali: [string, string, object | undefined][] = [
      ['GET', '/api/password-pd', undefined],
      ['GET', '/api/password-pd/rombel', undefined],
      ['POST', `/api/password-pd/${pd?.peserta_didik_id}/reset`, undefined],
    ];
    const call = (method: string, url: string, payload: object | undefined, who?: string) =>
      t().app.inject({
        method: method as 'GET',
        url,
        ...(payload ? { payload } : {}),
        headers: who ? as(who) : {},
      });
    for (const who of DENIED) {
      for (const [m, u, p] of adminOnly)
        expect((await call(m, u, p, who)).statusCode, `${who} ${m} ${u}`).toBe(403);
      if (who === 'wali') continue;
      for (const [m, u, p] of adminOrWali)
        expect((await call(m, u, p, who)).statusCode, `${who} ${m} ${u}`).toBe(403);
    }
    for (const [m, u, p] of [...adminOnly, ...adminOrWali])
      expect((await call(m, u, p)).statusCode).toBe(401);
  });

  it('no one-time password exists in plain text anywhere in the database', async () => {
    expect(handedOut.length).toBeGreaterThan(10);
    const columns = await t().db.query<{ table_name: string; column_name: string }>(
      `select table_name, column_name from information_schema.columns
        where table_schema = 'public' and data_type in ('text', 'character varying', 'json', 'jsonb', 'character')`,
    );
    expect(columns.length).toBeGreaterThan(50);
    const found: string[] = [];
    for (const { table_name, column_name } of columns) {
      const rows = await t().db.query<{ v: string }>(
        `select "${column_name}"::text as v from "${table_name}" where "${column_name}" is not null`,
      );
      for (const { v } of rows) {
        for (const pw of handedOut) if (v.includes(pw)) found.push(`${table_name}.${column_name}`);
      }
    }
    expect(found).toEqual([]);
  });
});
