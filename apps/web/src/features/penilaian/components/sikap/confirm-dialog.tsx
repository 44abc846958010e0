import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from '../../../../lib/i18n';

/**
 * The standard confirm of the reference (screens §0): "Apakah Anda yakin?" with "Yakin!" and a
 * cancel button; the text says what will happen. Used by the sikap list and the ekskul reset.
 */
export function ConfirmDialog({
  text,
  busy,
  onConfirm,
  onCancel,
}: {
  /** null: closed. */
  text: string | null;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={text !== null}
      onClose={onCancel}
      title={t('penilaian.sikap.confirm.title')}
      centered
      zIndex={400}
      data-testid="confirm-dialog"
    >
      <Text mb="md">{text}</Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          {t('penilaian.sikap.confirm.cancel')}
        </Button>
        <Button color="red" loading={busy} onClick={onConfirm} data-testid="confirm-yes">
          {t('penilaian.sikap.confirm.yes')}
        </Button>
      </Group>
    </Modal>
  );
}
