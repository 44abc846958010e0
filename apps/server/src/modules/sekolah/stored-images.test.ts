import type { BerandaAdminResponse } from '@erapor/contract/sekolah';
import { and, eq, isNull } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, expect, it } from 'vitest';
import { userPhoto, users } from '../../db/tables/pengguna';
import { sekolahLogo, settings } from '../../db/tables/sekolah';
import { templateSertifikatUkk } from '../../db/tables/ukk';
import { brokenPng, pngBomb, pngHuge, realImage } from '../../lib/test-images';
import { type SeededDemo, seedDemo } from '../../test/demo';
import { bearer, describeEngines, json, loginAs } from '../../test/engines';
import { SETTING_KEYS } from './settings';
import { checkStoredImages, STORED_IMAGES_VERSION } from './stored-images';

/*
 * Decision 049, the start-up task: images stored by earlier versions, planted here directly in the
 * database as an old version would have stored them, are re-encoded or dropped with a note on the
 * administrator's Beranda — once: a second run changes nothing.
 */
describeEngines('stored images: checked once at start-up (decision 049)', {}, (t) => {
  let demo: SeededDemo;
  let admin = '';
  const beranda = async () =>
    json<BerandaAdminResponse>(await t().app.inject({ url: '/api/beranda/admin', headers: bearer(admin) }));

  beforeAll(async () => {
    const db = t().db.db;
    demo = await seedDemo(db);
    admin = (await loginAs(t().app, demo.accounts.admin.email, demo.semesterId)).accessToken;
  });

  it('re-encodes a good photo, drops a broken logo, a too-large background and a bomb photo, and notes them on the Beranda', async () => {
    const db = t().db.db;
    const sekolahId = demo.sekolahId;
    // As an earlier version stored them: the bytes as uploaded, the school not yet checked.
    await db
      .delete(settings)
      .where(
        and(
          eq(settings.sekolahId, sekolahId),
          eq(settings.key, SETTING_KEYS.gambarDiperiksa),
          isNull(settings.semesterId),
        ),
      );
    await db.insert(sekolahLogo).values({ sekolahId, mimeType: 'image/png', data: brokenPng() });
    await db
      .insert(templateSertifikatUkk)
      .values({ sekolahId, background: pngHuge(), backgroundMime: 'image/png' })
      .onConflictDoUpdate({
        target: templateSertifikatUkk.sekolahId,
        set: { background: pngHuge(), backgroundMime: 'image/png' },
      });
    const good = await realImage(2400, 3200, 'jpeg');
    await db.insert(userPhoto).values([
      { userId: demo.accounts.admin.userId, sekolahId, mimeType: 'image/jpeg', data: good },
      { userId: demo.accounts.guru.userId, sekolahId, mimeType: 'image/png', data: await pngBomb(64) },
    ]);
    expect((await beranda()).gambar_dibuang).toEqual([]);

    const now = new Date();
    expect(await checkStoredImages(db, { now })).toEqual({ reencoded: 1, dropped: 3 });

    expect(await db.select().from(sekolahLogo).where(eq(sekolahLogo.sekolahId, sekolahId))).toEqual([]);
    const [latar] = await db
      .select({ background: templateSertifikatUkk.background, mime: templateSertifikatUkk.backgroundMime })
      .from(templateSertifikatUkk)
      .where(eq(templateSertifikatUkk.sekolahId, sekolahId));
    expect(latar).toEqual({ background: null, mime: null });
    const photos = await db.select().from(userPhoto).where(eq(userPhoto.sekolahId, sekolahId));
    expect(photos.map((p) => [p.userId, p.mimeType])).toEqual([[demo.accounts.admin.userId, 'image/jpeg']]);
    const stored = photos[0]?.data ?? Buffer.alloc(0);
    const meta = await sharp(stored).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 354, 472]);

    const [guru] = await db
      .select({ name: users.name })
      .from(users)
      .where(eq(users.id, demo.accounts.guru.userId));
    const guruName = guru?.name;
    const notes = (await beranda()).gambar_dibuang;
    expect(notes.map((n) => [n.jenis, n.keterangan])).toEqual([
      ['logo', 'Logo sekolah tidak dapat dibaca dan dihapus. Unggah ulang gambarnya.'],
      ['latar', 'Latar sertifikat UKK tidak dapat dibaca dan dihapus. Unggah ulang gambarnya.'],
      ['foto', `Foto profil ${guruName} tidak dapat dibaca dan dihapus. Unggah ulang gambarnya.`],
    ]);
    expect(notes.every((n) => n.waktu === now.toISOString())).toBe(true);

    // Once: the school is marked, a second start changes nothing and adds no note.
    const [mark] = await db
      .select({ value: settings.value })
      .from(settings)
      .where(and(eq(settings.sekolahId, sekolahId), eq(settings.key, SETTING_KEYS.gambarDiperiksa)));
    expect(mark?.value).toBe(STORED_IMAGES_VERSION);
    expect(await checkStoredImages(db)).toEqual({ reencoded: 0, dropped: 0 });
    const [again] = await db.select().from(userPhoto).where(eq(userPhoto.sekolahId, sekolahId));
    expect(again?.data.equals(stored)).toBe(true);
    expect((await beranda()).gambar_dibuang).toHaveLength(3);
  });
});
