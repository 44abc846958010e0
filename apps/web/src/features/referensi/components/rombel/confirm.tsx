import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from '../../../../lib/i18n';

/** The standard confirm (reference-screens §0): "Apakah Anda yakin?" with "Yakin!" / cancel. */
export function Confirm({
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
      title={t('referensi.rombel.confirm.title')}
      centered
      zIndex={400}
    >
      <Text mb="md">{text}</Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          {t('referensi.rombel.confirm.cancel')}
        </Button>
        <Button color="red" loading={busy} onClick={onConfirm} data-testid="confirm-yes">
          {t('referensi.rombel.confirm.yes')}
        </Button>
      </Group>
    </Modal>
  );
}
