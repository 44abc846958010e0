import type { LoginResponse } from '@erapor/contract/auth';

/** A login response as the server sends it (tests only). */
export const LOGIN: LoginResponse = {
  accessToken: 'access-1',
  refreshToken: 'refresh-1',
  userData: {
    id: 'u1',
    name: 'Budi',
    email: 'guru@demo.sch.id',
    username: null,
    role: 'Guru, Wali Kelas',
    roles: ['guru', 'wali'],
    ability: [
      { action: 'read', subject: 'Web' },
      { action: 'read', subject: 'Guru' },
    ],
    sekolah: { sekolah_id: 's1', npsn: '12345678', nama: 'SMK Negeri Demo' },
    semester: {
      semester_id: '20261',
      tahun_ajaran_id: 2026,
      nama: '2026/2027 Ganjil',
      semester: 1,
      periode_aktif: true,
    },
    photo_url: null,
    must_change_password: false,
  },
};
