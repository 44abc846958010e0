import type { RoleName } from '@erapor/contract/roles';

/** The authenticated caller, attached to the request by the auth preHandler. */
export interface Actor {
  userId: string;
  sekolahId: string;
  /** The semester chosen at login; roles are those of this semester. */
  semesterId: string;
  roles: RoleName[];
  guruId: string | null;
  pesertaDidikId: string | null;
  /** Refresh-token family of this login (logout revokes it). */
  familyId: string;
  /** Still on a generated or reset one-time password: only PASSWORD_CHANGE_ROUTES answer (decision 054). */
  mustChangePassword: boolean;
}
