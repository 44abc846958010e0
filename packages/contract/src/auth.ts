import { z } from 'zod';
import { RESOURCES } from './abilities';
import { COLUMN_LENGTH, forColumn } from './column-lengths';
import { MESSAGES } from './errors';
import { ROLE_NAMES } from './roles';

const requiredString = (message: string) => z.string({ error: message }).trim().min(1, { error: message });

/**
 * An account's e-mail (users.email). It had no limit: an address longer than the column passed
 * z.email and answered 500 (issue #25); now the column's length, tagged for the drift test.
 */
const userEmail = (required: string, invalid: string) =>
  forColumn(
    requiredString(required).max(COLUMN_LENGTH.users.email, { error: invalid }),
    'users',
    'email',
  ).pipe(z.email({ error: invalid }));

export const loginRequestSchema = z.object({
  /** An e-mail address or a username. */
  email: requiredString(MESSAGES.emailRequired).max(254),
  password: z
    .string({ error: MESSAGES.passwordRequired })
    .min(1, { error: MESSAGES.passwordRequired })
    .max(256),
  semester_id: requiredString(MESSAGES.semesterRequired).regex(/^\d{4}[12]$/, {
    error: MESSAGES.semesterUnknown,
  }),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const semesterSchema = z.object({
  semester_id: z.string(),
  tahun_ajaran_id: z.number().int(),
  nama: z.string(),
  semester: z.union([z.literal(1), z.literal(2)]),
  periode_aktif: z.boolean(),
});
export type Semester = z.infer<typeof semesterSchema>;

export const sekolahSummarySchema = z.object({
  sekolah_id: z.string(),
  npsn: z.string(),
  nama: z.string(),
});

export const abilityRuleSchema = z.object({
  action: z.enum(['read', 'manage']),
  subject: z.enum(RESOURCES),
});

export const userDataSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  username: z.string().nullable(),
  /** Display names of the roles, comma-joined (shown in the navbar). */
  role: z.string(),
  roles: z.array(z.enum(ROLE_NAMES)),
  ability: z.array(abilityRuleSchema),
  sekolah: sekolahSummarySchema,
  semester: semesterSchema,
  photo_url: z.string().nullable(),
  must_change_password: z.boolean(),
});
export type UserData = z.infer<typeof userDataSchema>;

export const loginResponseSchema = z.object({
  accessToken: z.string(),
  refreshToken: z.string(),
  userData: userDataSchema,
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const refreshRequestSchema = z.object({
  refreshToken: requiredString(MESSAGES.refreshInvalid).max(512),
});
export const refreshResponseSchema = z.object({
  accessToken: z.string(),
  refreshToken: z.string(),
});

export const logoutRequestSchema = z.object({
  refreshToken: z.string().max(512).optional(),
});

export const registerRequestSchema = z.object({
  npsn: requiredString(MESSAGES.npsnRequired).regex(/^\d{8}$/, { error: MESSAGES.npsnInvalid }),
  email: userEmail(MESSAGES.emailRequired, MESSAGES.emailInvalid),
  password: z
    .string({ error: MESSAGES.passwordRequired })
    .min(1, { error: MESSAGES.passwordRequired })
    .min(8, { error: MESSAGES.passwordMin })
    .max(256),
});
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

export const registerResponseSchema = z.object({ message: z.string() });

export const semesterListResponseSchema = z.object({
  semester: z.array(semesterSchema),
  /** The active semester (Periode Aktif) preselected on the login form. */
  semester_id: z.string().nullable(),
  allowRegister: z.boolean(),
  /** Number of schools installed; 0 means the first visitor registers the school. */
  sekolah: z.number().int(),
});
export type SemesterListResponse = z.infer<typeof semesterListResponseSchema>;

export const healthResponseSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgresql']),
  version: z.string(),
});

/** GET /api/profile, PUT /api/profile, POST /api/profile/photo (multipart field `photo`). */
export const profileSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  username: z.string().nullable(),
  photo_url: z.string().nullable(),
});
export type Profile = z.infer<typeof profileSchema>;

export const updateProfileRequestSchema = z.object({
  name: requiredString('Nama Lengkap tidak boleh kosong!').max(255),
  email: userEmail('Email tidak boleh kosong!', 'Email tidak valid!'),
});

/** PUT /api/profile/password */
export const changePasswordRequestSchema = z
  .object({
    current_password: z
      .string({ error: 'Kata sandi lama tidak boleh kosong' })
      .min(1, { error: 'Kata sandi lama tidak boleh kosong' })
      .max(256),
    password: z
      .string({ error: 'Kata sandi baru tidak boleh kosong' })
      .min(1, { error: 'Kata sandi baru tidak boleh kosong' })
      .min(8, { error: 'Kata sandi baru minimal 8 karakter' })
      .max(256),
    password_confirmation: z
      .string({ error: 'Konfirmasi kata sandi tidak boleh kosong' })
      .min(1, { error: 'Konfirmasi kata sandi tidak boleh kosong' }),
  })
  .refine((v) => v.password === v.password_confirmation, {
    path: ['password_confirmation'],
    error: 'Konfirmasi kata sandi tidak sesuai dengan Kata sandi baru',
  });

/** POST /api/jwt/forgot-password */
export const forgotPasswordRequestSchema = z.object({
  email: userEmail(MESSAGES.emailRequired, MESSAGES.emailInvalid),
});
export const forgotPasswordResponseSchema = z.object({
  /** false when the installation has no SMTP: the page tells the user to ask the administrator. */
  mailConfigured: z.boolean(),
  message: z.string(),
});

export const PHOTO_MAX_BYTES = 1024 * 1024;

/** Responses that only carry a message to show (logout, password change, reset). */
export const messageResponseSchema = z.object({ message: z.string() });

/** POST /api/jwt/reset-password — the token comes from the link `/lupa-password?token=…`. */
export const resetPasswordRequestSchema = z
  .object({
    token: requiredString(MESSAGES.resetTokenInvalid).max(512),
    password: z
      .string({ error: MESSAGES.passwordRequired })
      .min(1, { error: MESSAGES.passwordRequired })
      .min(8, { error: MESSAGES.passwordMin })
      .max(256),
    password_confirmation: z
      .string({ error: MESSAGES.passwordConfirmationRequired })
      .min(1, { error: MESSAGES.passwordConfirmationRequired }),
  })
  .refine((v) => v.password === v.password_confirmation, {
    path: ['password_confirmation'],
    error: MESSAGES.passwordConfirmationMismatch,
  });
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequestSchema>;
