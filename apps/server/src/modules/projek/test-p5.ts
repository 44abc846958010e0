import { MAPEL_P5_INDUK } from '@erapor/contract/projek/rules';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { sqlRows } from '../../db/sql-rows';
import { type SeededDemo, seedDemo } from '../../test/demo';
import { loginAs } from '../../test/engines';
import { demoTokens, staffToken } from '../penilaian/beranda/test-accounts';

/**
 * Test fixture of the P5 API tests: the living demo (its past semesters), the 2024/2025 Genap
 * semester (20242, before the new regime), two Merdeka classes with P5 there — each with its
 * coordinator (the guru of the class's P5 pembelajaran) logged in as Koord P5 — their themes and
 * pupils, and the other roles' log-ins. `emailTag` keeps the e-mails unique per test file.
 */
export const P5_SEMESTER = '20242';

export interface P5Kelas {
  id: string;
  nama: string;
  tingkat: number;
  coordinator: string;
  themes: { id: string; nama: string }[];
  members: { id: string; nama: string }[];
}

export async function p5Classes(db: Db, sekolahId: string, semesterId: string): Promise<P5Kelas[]> {
  const rows = await sqlRows<{
    id: string;
    nama: string;
    tingkat: number;
    coordinator: string;
    parent: string;
  }>(
    db,
    sql`select r.rombongan_belajar_id as id, r.nama, r.tingkat, p.guru_id as coordinator, p.pembelajaran_id as parent
      from rombongan_belajar r join pembelajaran p on p.rombongan_belajar_id = r.rombongan_belajar_id
      where r.sekolah_id = ${sekolahId} and r.semester_id = ${semesterId} and r.deleted_at is null
        and p.mata_pelajaran_id = ${MAPEL_P5_INDUK} and p.deleted_at is null
        and exists (select 1 from pembelajaran c where c.induk_pembelajaran_id = p.pembelajaran_id and c.deleted_at is null)
        and exists (select 1 from anggota_rombel a where a.rombongan_belajar_id = r.rombongan_belajar_id and a.deleted_at is null)
      order by r.tingkat, r.nama`,
  );
  const out: P5Kelas[] = [];
  for (const r of rows) {
    const themes = await sqlRows<{ id: string; nama: string }>(
      db,
      sql`select pembelajaran_id as id, nama_mata_pelajaran as nama from pembelajaran
        where induk_pembelajaran_id = ${r.parent} and deleted_at is null order by mata_pelajaran_id`,
    );
    const members = await sqlRows<{ id: string; nama: string }>(
      db,
      sql`select a.anggota_rombel_id as id, p.nama from anggota_rombel a
        join peserta_didik p on p.peserta_didik_id = a.peserta_didik_id
        where a.rombongan_belajar_id = ${r.id} and a.deleted_at is null order by p.nama, a.anggota_rombel_id`,
    );
    out.push({
      id: r.id,
      nama: r.nama,
      tingkat: Number(r.tingkat),
      coordinator: r.coordinator,
      themes,
      members,
    });
  }
  return out;
}

export interface P5Fixture {
  demo: SeededDemo;
  kelas: P5Kelas;
  other: P5Kelas;
  tokens: Record<
    'koord' | 'koordOther' | 'koordNew' | 'admin' | 'guru' | 'wali' | 'waka' | 'kaprog' | 'siswa',
    string
  >;
  /** A Merdeka class with P5 in the active semester (≥ 20251) and its coordinator. */
  kelasNew: P5Kelas;
}

export async function p5Fixture(app: FastifyInstance, db: Db, emailTag: string): Promise<P5Fixture> {
  const demo = await seedDemo(db, { living: true });
  if (!demo.historySemesterIds.includes(P5_SEMESTER)) throw new Error(`the demo has no ${P5_SEMESTER}`);
  // The living demo seeds P5 projects before 20251 (decision 037): these tests start without any.
  await db.execute(sql`delete from rencana_budaya_kerja where sekolah_id = ${demo.sekolahId}`);
  const classes = await p5Classes(db, demo.sekolahId, P5_SEMESTER);
  const [kelas, other] = classes;
  if (!kelas || !other) throw new Error('demo P5 classes missing');
  if (other.coordinator === kelas.coordinator) {
    // p5@ may coordinate both (tiny demo): the second class's P5 goes to another teacher here.
    const [guru] = await sqlRows<{ id: string }>(
      db,
      sql`select guru_id as id from guru where sekolah_id = ${demo.sekolahId} and guru_id <> ${kelas.coordinator}
        and deleted_at is null order by nama limit 1`,
    );
    other.coordinator = guru?.id ?? '';
    await db.execute(sql`update pembelajaran set guru_id = ${other.coordinator}
      where rombongan_belajar_id = ${other.id} and mata_pelajaran_id between ${MAPEL_P5_INDUK} and ${MAPEL_P5_INDUK + 99}`);
  }
  const [kelasNew] = await p5Classes(db, demo.sekolahId, demo.semesterId);
  if (!kelasNew) throw new Error('demo P5 classes of the active semester missing');
  const scope = { sekolahId: demo.sekolahId, semesterId: P5_SEMESTER };
  const roles = ['guru', 'guru-p5'] as const;
  return {
    demo,
    kelas,
    other,
    kelasNew,
    tokens: {
      koord: await staffToken(app, db, scope, {
        guruId: kelas.coordinator,
        email: `p5-${emailTag}@test.sch.id`,
        roles,
      }),
      koordOther: await staffToken(app, db, scope, {
        guruId: other.coordinator,
        email: `p5-lain-${emailTag}@test.sch.id`,
        roles,
      }),
      koordNew: await staffToken(
        app,
        db,
        { sekolahId: demo.sekolahId, semesterId: demo.semesterId },
        { guruId: kelasNew.coordinator, email: `p5-baru-${emailTag}@test.sch.id`, roles },
      ),
      ...(await demoTokens(app, demo, ['admin', 'guru', 'wali', 'waka', 'kaprog'], P5_SEMESTER)),
      // siswa@ was not at school in 2024/2025: their log-in is the active semester's.
      siswa: (await loginAs(app, demo.accounts.siswa.email, demo.semesterId)).accessToken,
    },
  };
}
