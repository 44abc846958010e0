import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { roleUser } from '../../db/tables/pengguna';
import { anggotaRombel, dudi, guru, rombonganBelajar } from '../../db/tables/referensi';
import { refPaketUkk, unitUkk } from '../../db/tables/ukk';
import type { SeededDemo } from '../../test/demo';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** Fixed ids of the UKK API tests' fixtures. */
export const UKK_FIX = {
  asesor: id(0xb01),
  asesorTanpaDudi: id(0xb02),
  dudi: id(0xb03),
  paket: id(0xb04),
  paketOther: id(0xb05),
};

/**
 * The UKK world of an API test on the tiny demo: guru@ holds `internal` this semester, an asesor
 * with a DUDI and one without, an active package with two units for the Merdeka tingkat-12 class.
 */
export async function ukkFixtures(db: Db, demo: SeededDemo) {
  const [kelas] = await db
    .select({
      id: rombonganBelajar.rombonganBelajarId,
      jurusan: rombonganBelajar.jurusanId,
      kur: rombonganBelajar.kurikulumId,
    })
    .from(rombonganBelajar)
    .where(
      and(
        eq(rombonganBelajar.tingkat, 12),
        eq(rombonganBelajar.semesterId, demo.semesterId),
        eq(rombonganBelajar.jenisRombel, 1),
      ),
    )
    .orderBy(rombonganBelajar.nama);
  if (!kelas?.jurusan || !kelas.kur) throw new Error('no tingkat-12 class in the demo');
  const members = await db
    .select({ id: anggotaRombel.anggotaRombelId, pd: anggotaRombel.pesertaDidikId })
    .from(anggotaRombel)
    .where(eq(anggotaRombel.rombonganBelajarId, kelas.id))
    .orderBy(anggotaRombel.anggotaRombelId);
  await db.insert(roleUser).values({
    userId: demo.accounts.guru.userId,
    role: 'internal',
    semesterId: demo.semesterId,
    sekolahId: demo.sekolahId,
  });
  await db.insert(dudi).values({ dudiId: UKK_FIX.dudi, sekolahId: demo.sekolahId, nama: 'PT Asesor Mitra' });
  await db.insert(guru).values([
    {
      guruId: UKK_FIX.asesor,
      sekolahId: demo.sekolahId,
      nama: 'Asesor Berdudi',
      jenisPtkId: 98,
      dudiId: UKK_FIX.dudi,
    },
    { guruId: UKK_FIX.asesorTanpaDudi, sekolahId: demo.sekolahId, nama: 'Asesor Tanpa Dudi', jenisPtkId: 98 },
  ]);
  await db.insert(refPaketUkk).values([
    {
      paketUkkId: UKK_FIX.paket,
      sekolahId: demo.sekolahId,
      jurusanId: kelas.jurusan,
      kurikulumId: kelas.kur,
      nomorPaket: 'U1',
      namaPaketId: 'Instalasi Jaringan',
      namaPaketEn: 'Network Installation',
    },
    {
      paketUkkId: UKK_FIX.paketOther,
      sekolahId: demo.sekolahId,
      jurusanId: kelas.jurusan,
      kurikulumId: kelas.kur + 1000,
      nomorPaket: 'U2',
      namaPaketId: 'Paket kurikulum lain',
      namaPaketEn: 'Other curriculum',
    },
  ]);
  await db.insert(unitUkk).values([
    {
      paketUkkId: UKK_FIX.paket,
      kodeUnit: 'J.01',
      namaUnitId: 'Memasang kabel',
      namaUnitEn: 'Installing cables',
    },
    {
      paketUkkId: UKK_FIX.paket,
      kodeUnit: 'J.02',
      namaUnitId: 'Konfigurasi router',
      namaUnitEn: 'Configuring a router',
    },
  ]);
  return { kelas: kelas.id, members, internal: demo.accounts.guru.guruId ?? '' };
}
