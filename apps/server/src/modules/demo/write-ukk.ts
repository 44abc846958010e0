import type { RoleName } from '@erapor/contract/roles';
import type { DemoAccountKey, DemoSchool } from '@erapor/demo-school/types';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/tables/pengguna';
import { guru, rombonganBelajar } from '../../db/tables/referensi';
import { nilaiUkk, refPaketUkk, rencanaUkk, unitUkk } from '../../db/tables/ukk';
import * as pengguna from '../pengguna/service';

/*
 * UKK in the demo school (issue #13 item 9; decisions 022 and 038), written by the server's demo
 * seed after the school and its accounts, without touching the generator's random stream (every
 * other demo record stays as it was):
 * - penguji@demo.sch.id: a teacher of the Merdeka XII TJKT class who has no other demo log-in,
 *   with roles Guru and Penguji Internal UKK in the active semester;
 * - living only: an asesor (jenis_ptk 98) of the school's first DUDI, a package of the class's
 *   programme with three units, and a plan for the whole class in the active semester with
 *   penguji@ and the asesor as examiners, most pupils scored.
 */

export const PENGUJI_EMAIL = 'penguji@demo.sch.id';
export const PENGUJI_ROLES: RoleName[] = ['guru', 'internal'];
/** Fixed keys: one demo school per database, so re-seeding finds its own rows. */
const ASESOR_ID = '5e5d0000-0000-4000-8000-000000000001';
const PAKET_ID = '5e5d0000-0000-4000-8000-000000000002';
const RENCANA_ID = '5e5d0000-0000-4000-8000-000000000003';

/** The Merdeka XII class of the programme kaprog@ heads, and the teacher who becomes penguji@. */
export function ukkDemoPeople(school: DemoSchool) {
  const kelas = school.rombongan_belajar
    .filter(
      (r) =>
        r.jenis_rombel === 1 &&
        r.tingkat_pendidikan_id === 12 &&
        r.rombongan_belajar_id !== school.relations.k13RombelId &&
        r.jurusan_sp_id === school.relations.kaprogJurusanSpId,
    )
    .sort((a, b) => a.nama.localeCompare(b.nama))[0];
  if (!kelas) throw new Error('demo UKK: no Merdeka XII class of the kaprog programme');
  const taken = new Set(
    Object.keys(school.demoAccounts).map((k) => school.demoAccounts[k as DemoAccountKey].ptk_id),
  );
  const teachers = [...new Set(kelas.pembelajaran.map((p) => p.ptk_id))]
    .filter((id) => !taken.has(id))
    .map((id) => school.ptk.find((p) => p.ptk_id === id))
    .filter((p) => p !== undefined)
    .sort((a, b) => a.nama.localeCompare(b.nama));
  const penguji = teachers[0];
  if (!penguji) throw new Error('demo UKK: no teacher for penguji@');
  return { kelas, penguji };
}

export async function writeUkkDemo(
  db: Db,
  school: DemoSchool,
  semesterId: string,
  passwordHash: string,
  living: boolean,
): Promise<void> {
  const sekolahId = school.sekolah.sekolah_id;
  const { kelas, penguji } = ukkDemoPeople(school);
  await db
    .insert(users)
    .values({ sekolahId, name: penguji.nama, email: PENGUJI_EMAIL, passwordHash, guruId: penguji.ptk_id })
    .onConflictDoNothing({ target: users.email });
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, PENGUJI_EMAIL));
  if (!user) throw new Error('demo UKK: penguji@ missing');
  await pengguna.grantRoles(
    db,
    PENGUJI_ROLES.map((role) => ({
      userId: user.id,
      sekolahId,
      semesterId,
      role,
      source: 'manual' as const,
    })),
  );
  const dudi = school.dudi[0];
  if (!living || !dudi) return;

  const [rombel] = await db
    .select({ jurusanId: rombonganBelajar.jurusanId, kurikulumId: rombonganBelajar.kurikulumId })
    .from(rombonganBelajar)
    .where(and(eq(rombonganBelajar.rombonganBelajarId, kelas.rombongan_belajar_id)));
  if (!rombel?.jurusanId || !rombel.kurikulumId) return;
  await db
    .insert(guru)
    .values({ guruId: ASESOR_ID, sekolahId, nama: 'Hendra Gunawan', jenisPtkId: 98, dudiId: dudi.dudi_id })
    .onConflictDoNothing();
  await db
    .insert(refPaketUkk)
    .values({
      paketUkkId: PAKET_ID,
      sekolahId,
      jurusanId: rombel.jurusanId,
      kurikulumId: rombel.kurikulumId,
      nomorPaket: '1',
      namaPaketId: 'Perancangan dan Instalasi Jaringan Komputer',
      namaPaketEn: 'Computer Network Design and Installation',
    })
    .onConflictDoNothing();
  await db
    .insert(unitUkk)
    .values(
      [
        ['J.611000.001.01', 'Memasang kabel jaringan', 'Installing network cables'],
        ['J.611000.002.01', 'Mengkonfigurasi router', 'Configuring a router'],
        ['J.611000.003.01', 'Menguji koneksi jaringan', 'Testing network connections'],
      ].map(([kodeUnit, namaUnitId, namaUnitEn]) => ({
        sekolahId,
        paketUkkId: PAKET_ID,
        kodeUnit: kodeUnit as string,
        namaUnitId: namaUnitId as string,
        namaUnitEn: namaUnitEn as string,
      })),
    )
    .onConflictDoNothing();
  const tahun = Number(semesterId.slice(0, 4)) + 1;
  const inserted = await db
    .insert(rencanaUkk)
    .values({
      rencanaUkkId: RENCANA_ID,
      sekolahId,
      semesterId,
      rombonganBelajarId: kelas.rombongan_belajar_id,
      paketUkkId: PAKET_ID,
      internal: penguji.ptk_id,
      eksternal: ASESOR_ID,
      tanggalSertifikat: `${tahun}-05-20`,
      polaUkk: 'sekolah',
    })
    .onConflictDoNothing()
    .returning({ id: rencanaUkk.rencanaUkkId });
  if (inserted.length === 0) return;
  // Every pupil of the class; the last three not scored yet (a test still in progress).
  const members = kelas.anggota_rombel;
  await db.insert(nilaiUkk).values(
    members.map((a, i) => ({
      sekolahId,
      rencanaUkkId: RENCANA_ID,
      anggotaRombelId: a.anggota_rombel_id,
      pesertaDidikId: a.peserta_didik_id,
      nilai: i < members.length - 3 ? 62 + ((i * 7) % 38) : null,
    })),
  );
}
