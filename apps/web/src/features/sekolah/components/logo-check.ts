import { LOGO_MAX_BYTES, SETTING_MESSAGES } from '@erapor/contract/sekolah';

/**
 * A first look at the chosen logo before anything is sent (the server checks again, by the
 * file's content): the message the server would give, or null.
 */
export function logoProblem(file: Pick<File, 'name' | 'size'> | null): string | null {
  if (!file) return null;
  if (!/\.(jpe?g|png)$/i.test(file.name)) return SETTING_MESSAGES.logoType;
  if (file.size > LOGO_MAX_BYTES) return SETTING_MESSAGES.logoSize;
  return null;
}
