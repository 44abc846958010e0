import { Button, Group, Modal } from '@mantine/core';
import { useTranslation } from '../../lib/i18n';

/** "Perubahan belum disimpan. Tinggalkan halaman ini?" — staying is the default (focused) answer. */
export function UnsavedConfirm({
  opened,
  onStay,
  onLeave,
}: {
  opened: boolean;
  onStay: () => void;
  onLeave: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onStay}
      title={t('grid.leave.question')}
      centered
      zIndex={400}
      data-testid="unsaved-confirm"
    >
      <Group justify="flex-end">
        <Button data-autofocus onClick={onStay} data-testid="unsaved-stay">
          {t('grid.leave.stay')}
        </Button>
        <Button variant="default" color="red" onClick={onLeave} data-testid="unsaved-leave">
          {t('grid.leave.leave')}
        </Button>
      </Group>
    </Modal>
  );
}
