import { randomBytes } from 'node:crypto';
import { IMAGE_MESSAGES } from '@erapor/contract/image';
import type { RoleName } from '@erapor/contract/roles';
import { sql } from 'drizzle-orm';
import type { RouteOptions } from 'fastify';
import sharp from 'sharp';
import { beforeAll, expect, it } from 'vitest';
import { sqlRows } from '../db/sql-rows';
import { DEMO_ACCOUNT_KEYS } from '../modules/demo/seed';
import type { RouteRoles } from '../plugins/auth';
import { type SeededDemo, seedDemo } from '../test/demo';
import { bearer, describeEngines, json, loginAs } from '../test/engines';
import { IMAGE_TARGETS, type ImageKind } from './image';
import type { ImageUploadMarker } from './image-upload';
import { brokenJpeg, brokenPng, pngBomb, pngHollow, pngHuge, realImage, svgImage } from './test-images';

/*
 * Decision 049: every route that accepts an image — found from Fastify's own route list by its
 * `config.upload` marker, not listed here — refuses a broken PNG and JPEG, inflation bombs and an
 * SVG with one of the three messages and stores nothing; a good PNG and JPEG are stored re-encoded
 * at their kind's size and print.
 */

/** Width × height of every image XObject in a PDF, from its (uncompressed) dictionaries. */
function pdfImageSizes(pdf: Buffer): string[] {
  const dicts = pdf.toString('latin1').match(/<<[^<>]*\/Subtype \/Image[^<>]*>>/g) ?? [];
  return dicts.map((d) => `${d.match(/\/Width (\d+)/)?.[1]}×${d.match(/\/Height (\d+)/)?.[1]}`);
}

type Part = { field: string; filename?: string; content: Buffer | string };

function multipart(parts: Part[]) {
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

/** 2400 × 3200 fitted inside each kind's box: hand-computed, every ratio exact. */
const GOOD_SIZE = { logo: [450, 600], latar: [930, 1240], foto: [354, 472] } as const;

interface Hostile {
  name: string;
  filename: string;
  content: () => Promise<Buffer> | Buffer;
  message: string;
}

const HOSTILE: Hostile[] = [
  {
    name: 'broken PNG (the 217-byte case)',
    filename: 'a.png',
    content: brokenPng,
    message: IMAGE_MESSAGES.broken,
  },
  { name: 'broken JPEG scan', filename: 'a.jpg', content: brokenJpeg, message: IMAGE_MESSAGES.broken },
  {
    name: 'PNG bomb: 100 × 100 over 256 MB',
    filename: 'a.png',
    content: () => pngBomb(256),
    message: IMAGE_MESSAGES.broken,
  },
  {
    name: 'PNG claiming 4000 × 4000 over no data',
    filename: 'a.png',
    content: pngHollow,
    message: IMAGE_MESSAGES.broken,
  },
  {
    name: 'PNG claiming 30,000 × 30,000',
    filename: 'a.png',
    content: pngHuge,
    message: IMAGE_MESSAGES.tooLarge(30_000, 30_000),
  },
  { name: 'SVG named .png', filename: 'a.png', content: svgImage, message: IMAGE_MESSAGES.notImage },
];

describeEngines('every image upload route: decoded, bounded, re-encoded (decision 049)', {}, (t) => {
  let demo: SeededDemo;
  const accounts: { key: string; roles: RoleName[]; token: string; userId: string }[] = [];
  let coverOf = '';
  const imageRoutes = () =>
    t().app.routeAccess.filter(
      (r) => (r.options.config as { upload?: ImageUploadMarker })?.upload?.type === 'image',
    );

  beforeAll(async () => {
    const db = t().db.db;
    demo = await seedDemo(db);
    for (const key of DEMO_ACCOUNT_KEYS) {
      const account = demo.accounts[key];
      const login = await loginAs(t().app, account.email, demo.semesterId);
      accounts.push({
        key,
        roles: login.userData.roles as RoleName[],
        token: login.accessToken,
        userId: account.userId,
      });
    }
    const kelas = demo.school.rombongan_belajar.find(
      (r) => r.rombongan_belajar_id === demo.school.relations.waliRombelId,
    );
    coverOf = kelas?.anggota_rombel[0]?.anggota_rombel_id ?? '';
  });

  /** The first demo log-in the route lets in (admin for a route open to every role). */
  function who(route: RouteOptions) {
    const roles = route.config?.roles as RouteRoles;
    const found =
      roles === 'any'
        ? accounts.find((a) => a.key === 'admin')
        : accounts.find((a) => a.roles.some((r) => roles.includes(r)));
    if (!found) throw new Error(`no demo log-in for ${route.url}`);
    return found;
  }

  /** Other fields a route's form needs beside the image: the settings form is sent whole. */
  async function otherParts(url: string, token: string): Promise<Part[]> {
    if (url !== '/api/setting') return [];
    const page = json<Record<string, unknown>>(await t().app.inject({ url, headers: bearer(token) }));
    const kepala = (page.guru_options as { value: string }[])[0]?.value ?? null;
    const form = {
      periode_aktif: page.periode_aktif,
      tanggal_rapor: page.tanggal_rapor ?? '',
      tanggal_rapor_kelas_akhir: '',
      tanggal_rapor_pts: null,
      kepala_sekolah: kepala,
      jabatan: 'Kepala Sekolah',
      zona: 'Asia/Jakarta',
      rombel_4_tahun: [],
      url_dapodik: '',
      token_dapodik: '',
      sekolah: page.sekolah,
    };
    return [{ field: 'data', content: JSON.stringify(form) }];
  }

  /** The bytes stored for the kind and the log-in, read from the database itself. */
  async function stored(kind: ImageKind, userId: string): Promise<{ data: Buffer; mime: string } | null> {
    const q = {
      logo: sql`select data, mime_type as mime from sekolah_logo where sekolah_id = ${demo.sekolahId}`,
      latar: sql`select background as data, background_mime as mime from template_sertifikat_ukk
                  where sekolah_id = ${demo.sekolahId} and background is not null`,
      foto: sql`select data, mime_type as mime from user_photo where user_id = ${userId}`,
    }[kind];
    const [row] = await sqlRows<{ data: Buffer | Uint8Array; mime: string }>(t().db.db, q);
    return row ? { data: Buffer.from(row.data), mime: row.mime } : null;
  }

  function send(route: RouteOptions, token: string, parts: Part[]) {
    const m = multipart(parts);
    return t().app.inject({
      method: route.method as 'POST',
      url: route.url,
      payload: m.payload,
      headers: { ...m.headers, ...bearer(token) },
    });
  }

  it('the image routes are found from the route list, each with its field and kind', () => {
    const found = imageRoutes().map((r) => `${r.method} ${r.url} ${r.options.config?.upload?.kind}`);
    expect(found.sort()).toEqual([
      'POST /api/portal/foto foto',
      'POST /api/profile/photo foto',
      'POST /api/setting logo',
      'PUT /api/ukk/template/latar latar',
    ]);
  });

  it('refuses a broken PNG and JPEG, inflation bombs, a huge header and an SVG on every image route; nothing is stored', async () => {
    const files = await Promise.all(HOSTILE.map(async (h) => ({ ...h, data: await h.content() })));
    const wrong: string[] = [];
    let checked = 0;
    for (const { options: route } of imageRoutes()) {
      const marker = route.config?.upload as ImageUploadMarker;
      const user = who(route);
      const before = await stored(marker.kind, user.userId);
      for (const file of files) {
        const parts = [
          ...(await otherParts(route.url, user.token)),
          { field: marker.field, filename: file.filename, content: file.data },
        ];
        const res = await send(route, user.token, parts);
        const message =
          res.statusCode === 422
            ? json<{ details: Record<string, string> }>(res).details[marker.field]
            : null;
        if (res.statusCode !== 422 || message !== file.message) {
          wrong.push(`${route.url} ${file.name}: ${res.statusCode} ${res.body.slice(0, 160)}`);
        }
        checked++;
      }
      expect(await stored(marker.kind, user.userId), route.url).toEqual(before);
    }
    expect(wrong).toEqual([]);
    expect(checked).toBe(4 * HOSTILE.length);
  });

  it('stores a good PNG and JPEG re-encoded at the size of its kind, and what is stored prints', async () => {
    const originals = { png: await realImage(2400, 3200, 'png'), jpeg: await realImage(2400, 3200, 'jpeg') };
    for (const { options: route } of imageRoutes()) {
      const marker = route.config?.upload as ImageUploadMarker;
      const user = who(route);
      for (const format of ['png', 'jpeg'] as const) {
        const parts = [
          ...(await otherParts(route.url, user.token)),
          {
            field: marker.field,
            filename: `gambar.${format === 'png' ? 'png' : 'jpg'}`,
            content: originals[format],
          },
        ];
        const res = await send(route, user.token, parts);
        expect(res.statusCode, `${route.url} ${format}: ${res.body.slice(0, 200)}`).toBe(200);
        const saved = await stored(marker.kind, user.userId);
        expect(saved?.data.equals(originals[format]), route.url).toBe(false);
        const meta = await sharp(saved?.data).metadata();
        const keep = IMAGE_TARGETS[marker.kind].format === 'keep';
        const format_ = keep ? format : 'jpeg';
        expect([meta.format, meta.width, meta.height, saved?.mime], `${route.url} ${format}`).toEqual([
          format_,
          ...GOOD_SIZE[marker.kind],
          `image/${format_}`,
        ]);
      }
    }
    // The logo (the last upload, a JPEG) on the report cover, at its stored size.
    const admin = accounts.find((a) => a.key === 'admin')?.token ?? '';
    const cover = await t().app.inject({ url: `/api/cetak/rapor-cover/${coverOf}`, headers: bearer(admin) });
    expect(cover.statusCode, cover.body.slice(0, 200)).toBe(200);
    expect(pdfImageSizes(cover.rawPayload)).toEqual(['450×600']);
    // The background on the certificate's preview.
    const kaprog = accounts.find((a) => a.key === 'kaprog')?.token ?? '';
    const preview = await t().app.inject({
      method: 'POST',
      url: '/api/ukk/template/pratinjau',
      payload: {},
      headers: bearer(kaprog),
    });
    expect(preview.statusCode, preview.body.slice(0, 200)).toBe(200);
    expect(preview.headers['content-type']).toBe('application/pdf');
    expect(pdfImageSizes(preview.rawPayload)).toContain('930×1240');
  });
});
