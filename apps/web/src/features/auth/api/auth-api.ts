import type {
  LoginRequest,
  LoginResponse,
  RegisterRequest,
  SemesterListResponse,
} from '@erapor/contract/auth';
import { publicRequest } from '../../../lib/public-fetch';

/** The public auth calls (no session needed). Types only from the contract: no zod in this chunk. */
export function fetchSemesters(signal?: AbortSignal): Promise<SemesterListResponse> {
  return publicRequest<SemesterListResponse>('GET', '/auth/semester', undefined, { signal });
}

export function login(body: LoginRequest): Promise<LoginResponse> {
  return publicRequest<LoginResponse>('POST', '/jwt/login', body);
}

export function register(body: RegisterRequest): Promise<{ message: string }> {
  return publicRequest<{ message: string }>('POST', '/jwt/register', body);
}

export function forgotPassword(email: string): Promise<{ mailConfigured: boolean; message: string }> {
  return publicRequest('POST', '/jwt/forgot-password', { email });
}

export function resetPassword(body: {
  token: string;
  password: string;
  password_confirmation: string;
}): Promise<{ message: string }> {
  return publicRequest('POST', '/jwt/reset-password', body);
}

/** Ends the session on the server (revokes the refresh token). Short time-out: logout never hangs. */
export function logout(refreshToken: string | null): Promise<unknown> {
  return publicRequest('POST', '/jwt/logout', refreshToken ? { refreshToken } : {}, { timeoutMs: 5000 });
}
