import { GAMBAR_DIBUANG_LABEL, type JenisGambarTersimpan } from '@erapor/contract/image';
import type { CatatanGambar } from '@erapor/contract/sekolah';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { userPhoto, users } from '../../db/tables/pengguna';
import { sekolah, sekolahLogo } from '../../db/tables/sekolah';
import { templateSertifikatUkk } from '../../db/tables/ukk';
import { acceptImage, type ImageKind } from '../../lib/image';
import { getSettings, setSetting } from './service';
import { SETTING_KEYS } from './settings';

/*
 * Images stored before decision 049 were kept as uploaded: a broken or bomb PNG may sit in the
 * database and take the server down the next time a cover or certificate is printed. Once per
 * school (the `gambar_diperiksa` setting holds the version of this check), every stored image goes
 * through the same acceptImage as an upload: a good one is replaced by its re-encoding, one that
 * is refused is dropped and the administrator's Beranda says so. A restore runs it again for the
 * restored school whatever the setting says: an archive's images are uploads too.
 */

/** Raised when what "checked" means changes (new limits, new kinds): every school is checked again. */
export const STORED_IMAGES_VERSION = '049';

/** getSettings' semester for school-wide values only. */
const SCHOOL_WIDE = '';

/** A note is shown on the Beranda for this long after the image was dropped. */
const NOTE_DAYS = 30;

export interface StoredImagesReport {
  reencoded: number;
  dropped: number;
}

type Note = CatatanGambar;

export async function readNotes(db: Db, sekolahId: string, now: Date): Promise<Note[]> {
  const raw = (await getSettings(db, { sekolahId }, SCHOOL_WIDE))[SETTING_KEYS.gambarDibuang];
  let notes: Note[] = [];
  try {
    notes = raw ? (JSON.parse(raw) as Note[]) : [];
  } catch {
    notes = [];
  }
  const since = now.getTime() - NOTE_DAYS * 86_400_000;
  return notes.filter((n) => typeof n.waktu === 'string' && Date.parse(n.waktu) >= since);
}

/**
 * Checks and re-encodes one school's stored images: the logo, the certificate background and every
 * profile photo. Returns how many were re-encoded and dropped; the dropped ones become notes.
 */
async function checkSchool(db: Db, sekolahId: string, now: Date, mark: boolean): Promise<StoredImagesReport> {
  const report = { reencoded: 0, dropped: 0 };
  const notes: Note[] = [];
  const check = async (
    kind: ImageKind,
    jenis: JenisGambarTersimpan,
    data: Buffer,
    pemilik: string | null,
  ) => {
    const result = await acceptImage(Buffer.from(data), kind);
    if (result.ok) report.reencoded++;
    else {
      report.dropped++;
      const nama = pemilik ? `${GAMBAR_DIBUANG_LABEL[jenis]} ${pemilik}` : GAMBAR_DIBUANG_LABEL[jenis];
      notes.push({
        jenis,
        keterangan: `${nama} tidak dapat dibaca dan dihapus. Unggah ulang gambarnya.`,
        waktu: now.toISOString(),
      });
    }
    return result.ok ? result.image : null;
  };

  const [logo] = await db.select().from(sekolahLogo).where(eq(sekolahLogo.sekolahId, sekolahId));
  if (logo) {
    const image = await check('logo', 'logo', logo.data, null);
    if (image) {
      await db
        .update(sekolahLogo)
        .set({ mimeType: image.mimeType, data: image.data, updatedAt: now })
        .where(eq(sekolahLogo.sekolahId, sekolahId));
    } else await db.delete(sekolahLogo).where(eq(sekolahLogo.sekolahId, sekolahId));
  }

  const [latar] = await db
    .select({ data: templateSertifikatUkk.background })
    .from(templateSertifikatUkk)
    .where(and(eq(templateSertifikatUkk.sekolahId, sekolahId), isNotNull(templateSertifikatUkk.background)));
  if (latar?.data) {
    const image = await check('latar', 'latar', latar.data, null);
    await db
      .update(templateSertifikatUkk)
      .set({ background: image?.data ?? null, backgroundMime: image?.mimeType ?? null })
      .where(eq(templateSertifikatUkk.sekolahId, sekolahId));
  }

  const photos = await db
    .select({ userId: userPhoto.userId, data: userPhoto.data, name: users.name })
    .from(userPhoto)
    .innerJoin(users, eq(users.id, userPhoto.userId))
    .where(eq(userPhoto.sekolahId, sekolahId));
  for (const photo of photos) {
    const image = await check('foto', 'foto', photo.data, photo.name);
    if (image) {
      await db
        .update(userPhoto)
        .set({ mimeType: image.mimeType, data: image.data, updatedAt: now })
        .where(eq(userPhoto.userId, photo.userId));
    } else await db.delete(userPhoto).where(eq(userPhoto.userId, photo.userId));
  }

  if (notes.length) {
    const kept = await readNotes(db, sekolahId, now);
    await setSetting(
      db,
      { sekolahId },
      { key: SETTING_KEYS.gambarDibuang, value: JSON.stringify([...kept, ...notes]), semesterId: null },
    );
  }
  // A restore's check leaves the archive's settings as they came (a restore gives back the archive).
  if (mark) {
    await setSetting(
      db,
      { sekolahId },
      { key: SETTING_KEYS.gambarDiperiksa, value: STORED_IMAGES_VERSION, semesterId: null },
    );
  }
  return report;
}

/**
 * The start-up task: every school whose images were not yet checked by this version. Idempotent —
 * a second run finds every school marked and touches nothing. `sekolahId` with `force` checks one
 * school again (after a restore) and leaves its mark as the archive had it.
 */
export async function checkStoredImages(
  db: Db,
  options: { sekolahId?: string; force?: boolean; now?: Date } = {},
): Promise<StoredImagesReport> {
  const now = options.now ?? new Date();
  const total = { reencoded: 0, dropped: 0 };
  const schools = options.sekolahId
    ? [{ sekolahId: options.sekolahId }]
    : await db.select({ sekolahId: sekolah.sekolahId }).from(sekolah);
  for (const { sekolahId } of schools) {
    if (!options.force) {
      const done = (await getSettings(db, { sekolahId }, SCHOOL_WIDE))[SETTING_KEYS.gambarDiperiksa];
      if (done === STORED_IMAGES_VERSION) continue;
    }
    const report = await checkSchool(db, sekolahId, now, !options.force);
    total.reencoded += report.reencoded;
    total.dropped += report.dropped;
  }
  return total;
}
