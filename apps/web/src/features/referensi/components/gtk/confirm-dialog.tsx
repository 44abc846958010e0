import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from '../../../../lib/i18n';

/**
 * Above the layout's fixed sidebar and navbar (z-index 1030–1040 in styles/layout.css), which
 * Mantine's default modal z-index (200) would leave on top. Dropdowns go above their modal.
 */
export const Z = { modal: 1100, nested: 1150, confirm: 1200, dropdown: 1300 } as const;
export const DROPDOWN = { zIndex: Z.dropdown } as const;

/** The standard confirm (reference-screens §0): "Apakah Anda yakin?" with "Yakin!" / cancel. */
export function ConfirmDialog({
  opened,
  text,
  busy,
  onConfirm,
  onCancel,
}: {
  opened: boolean;
  text: string;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onCancel}
      title={t('referensi.gtk.confirm.title')}
      centered
      zIndex={Z.confirm}
    >
      <Text mb="md">{text}</Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          {t('referensi.gtk.confirm.cancel')}
        </Button>
        <Button color="red" loading={busy} onClick={onConfirm} data-testid="confirm-yes">
          {t('referensi.gtk.confirm.yes')}
        </Button>
      </Group>
    </Modal>
  );
}

/** 1985-08-17 → 17-08-1985 (dates come from the API as ISO dates). */
export function formatDate(iso: string | null | undefined): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso ?? '');
  return m ? `${m[3]}-${m[2]}-${m[1]}` : '';
}

export function placeAndDate(tempat: string | null, tanggal: string | null): string {
  return [tempat, formatDate(tanggal)].filter(Boolean).join(', ');
}
