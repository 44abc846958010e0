import { z } from 'zod';
import { listQuerySchema } from './list';
import { MANUAL_ROLES, ROLE_NAMES, type RoleName } from './roles';

/**
 * User administration (reference-screens §5.2 "Akses Pengguna"), account generation
 * (generatePengguna, reference-domain §10) and pupils' passwords (§6.3 "Password PD").
 */

export const PENGGUNA_MESSAGES = {
  generatedPtk: 'Pengguna PTK berhasil diperbaharui',
  generatedPd: 'Pengguna Peserta Didik berhasil diperbaharui',
  updated: 'Data Pengguna berhasil diperbaharui',
  roleRemoved: 'Hak Akses berhasil dihapus',
  passwordReset: 'Password Pengguna berhasil direset',
  manualRoleOnly: 'Hak akses ini tidak dapat diatur secara manual.',
  manualRoleStaffOnly: 'Hak akses Waka, Kaprog dan Penguji Internal hanya untuk akun PTK.',
  userNotFound: 'Pengguna tidak ditemukan.',
  pdNotFound: 'Peserta didik tidak ditemukan.',
  slipExpired:
    'Slip akun sudah tidak tersedia (hanya dapat diunduh sesaat setelah akun dibuat). Atur ulang password bila perlu.',
  aksiRequired: 'Pilih Akun PTK atau Akun PD.',
} as const;

/** Who an account belongs to. */
export const JENIS_PENGGUNA = ['operator', 'ptk', 'pd'] as const;
export type JenisPengguna = (typeof JENIS_PENGGUNA)[number];

/**
 * `default`: still the generated one-time password (must be changed at the next log-in);
 * `custom`: the user chose their own. The password itself is never stored in plain text.
 */
export const passwordStatusSchema = z.enum(['default', 'custom']);

export const userListQuerySchema = listQuerySchema.extend({
  role: z.enum(ROLE_NAMES).optional(),
});
export type UserListQuery = z.infer<typeof userListQuerySchema>;

/** Sortable columns of the user list. */
export const USER_SORTS = ['name', 'email', 'last_login_at'] as const;

export const userListItemSchema = z.object({
  user_id: z.string(),
  name: z.string(),
  email: z.string(),
  username: z.string().nullable(),
  jenis: z.enum(JENIS_PENGGUNA),
  roles: z.array(z.enum(ROLE_NAMES)),
  last_login_at: z.string().nullable(),
  password_status: passwordStatusSchema,
});
export type UserListItem = z.infer<typeof userListItemSchema>;

export const userRoleSchema = z.object({
  role: z.enum(ROLE_NAMES),
  /** Whether the administrator may remove it here (only the manual roles). */
  removable: z.boolean(),
});

export const userDetailSchema = userListItemSchema.extend({
  semester_nama: z.string(),
  role_details: z.array(userRoleSchema),
  /** Manual roles the administrator may still add (PTK accounts only). */
  addable_roles: z.array(z.enum(ROLE_NAMES)),
});
export type UserDetail = z.infer<typeof userDetailSchema>;

export const manualRoleSchema = z.enum(MANUAL_ROLES as unknown as [RoleName, ...RoleName[]], {
  error: PENGGUNA_MESSAGES.manualRoleOnly,
});

export const addRoleRequestSchema = z.object({ role: manualRoleSchema });

/** One account with its one-time password: shown once, never stored in plain text. */
export const oneTimeCredentialSchema = z.object({
  user_id: z.string(),
  name: z.string(),
  /** What to type into "Email/Username" at log-in. */
  login: z.string(),
  password: z.string(),
  /** Pupils: the regular class; staff: null. */
  kelas: z.string().nullable(),
});
export type OneTimeCredential = z.infer<typeof oneTimeCredentialSchema>;

export const resetPasswordResponseSchema = z.object({
  message: z.string(),
  credential: oneTimeCredentialSchema,
});
export type ResetPasswordResponse = z.infer<typeof resetPasswordResponseSchema>;

export const generatePenggunaRequestSchema = z.object({
  aksi: z.enum(['ptk', 'pd'], { error: PENGGUNA_MESSAGES.aksiRequired }),
});
export type GeneratePenggunaRequest = z.infer<typeof generatePenggunaRequestSchema>;

export const generatePenggunaResponseSchema = z.object({
  message: z.string(),
  aksi: z.enum(['ptk', 'pd']),
  /** People considered (staff who did not leave / active pupils). */
  total: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  roles_granted: z.number().int(),
  /** The new accounts with their one-time passwords (only in this response). */
  credentials: z.array(oneTimeCredentialSchema),
  /** Download the printable slips of these credentials (kept in server memory until expires_at). */
  slip_id: z.string().nullable(),
  slip_expires_at: z.string().nullable(),
  duration_ms: z.number().int(),
});
export type GeneratePenggunaResponse = z.infer<typeof generatePenggunaResponseSchema>;

// --- Password PD ---

export const passwordPdQuerySchema = listQuerySchema.extend({
  rombongan_belajar_id: z.uuid().optional(),
});
export const PASSWORD_PD_SORTS = ['nama', 'nisn', 'kelas'] as const;

export const passwordPdItemSchema = z.object({
  peserta_didik_id: z.string(),
  user_id: z.string().nullable(),
  nama: z.string(),
  nisn: z.string().nullable(),
  jenis_kelamin: z.string().nullable(),
  tempat_lahir: z.string().nullable(),
  tanggal_lahir: z.string().nullable(),
  kelas: z.string().nullable(),
  /** The account's login (username or e-mail); null while the pupil has no account. */
  login: z.string().nullable(),
  password_status: passwordStatusSchema.nullable(),
});
export type PasswordPdItem = z.infer<typeof passwordPdItemSchema>;

export const rombelOptionsResponseSchema = z.object({
  data: z.array(z.object({ value: z.string(), label: z.string() })),
});

// --- Roles derived from the PTK kind (reference-domain §1.2, §2.1) ---

/** Tenaga kependidikan (jenis_ptk_id), reference functions.php groups. */
export const TENDIK_JENIS_PTK: readonly number[] = [11, 30, 40, 41, 42, 43, 44, 57, 58, 59, 91, 93];
export const JENIS_PTK_INSTRUKTUR = 97;
export const JENIS_PTK_ASESOR = 98;

/** The base role of a staff account: tu for tendik, user for an external asesor, guru otherwise. */
export function baseRoleForJenisPtk(jenisPtkId: number): 'tu' | 'user' | 'guru' {
  if (TENDIK_JENIS_PTK.includes(jenisPtkId)) return 'tu';
  if (jenisPtkId === JENIS_PTK_ASESOR) return 'user';
  return 'guru';
}

/** Roles generatePengguna derives (and re-derives) for staff; every other role is left alone. */
export const DERIVED_PTK_ROLES: readonly RoleName[] = [
  'guru',
  'tu',
  'user',
  'wali',
  'pilihan',
  'guru-p5',
  'pembimbing',
  'pembina_ekskul',
];

/** Special subjects (reference-domain Appendix B). */
export const MAPEL_P5 = 200040000;
export const MAPEL_PKL = 800001000;
