import { isNewPpa } from '@erapor/contract/projek/rules';
import { Alert } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n';
import { useSession } from '../../../lib/session';

/** The app's standard confirm and overlay layers (components/), as this feature's screens import them. */
export { ConfirmDialog, type ConfirmState } from '../../../components/confirm-dialog';
export { DROPDOWN, Z } from '../../../components/z-index';

/** Whether the login's semester takes P5 writes (before 20251; the server refuses them later too). */
export function useP5Writable(): boolean {
  const { userData } = useSession();
  const semesterId = userData?.semester.semester_id;
  return semesterId !== undefined && !isNewPpa(semesterId);
}

/** From 20251 the P5 screens only show what was planned and assessed. */
export function ReadOnlyNotice() {
  const { t } = useTranslation();
  return (
    <Alert color="blue" mb="md" data-testid="p5-read-only">
      {t('projek.readOnly')}
    </Alert>
  );
}
