import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from '../../../../lib/i18n';

/**
 * The standard confirm (reference-screens §0): "Apakah Anda yakin?" with "Yakin!" and a cancel
 * button; `text` says what will happen (null: closed). Above the layout's sidebar and navbar.
 */
export function Confirm({
  text,
  busy,
  onConfirm,
  onCancel,
}: {
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
      title={t('penilaian.asesmen.confirm.title')}
      centered
      zIndex={1200}
      data-testid="asesmen-confirm"
    >
      <Text mb="md">{text}</Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel} data-autofocus>
          {t('penilaian.asesmen.confirm.cancel')}
        </Button>
        <Button color="red" loading={busy} onClick={onConfirm} data-testid="asesmen-confirm-yes">
          {t('penilaian.asesmen.confirm.yes')}
        </Button>
      </Group>
    </Modal>
  );
}
