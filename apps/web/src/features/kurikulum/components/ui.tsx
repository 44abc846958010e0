import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n';

/**
 * Above the layout's fixed sidebar and navbar (z-index 1030–1040 in styles/layout.css), which
 * Mantine's default modal z-index (200) would leave on top. Dropdowns go above their modal.
 */
export const Z = { modal: 1100, confirm: 1200, dropdown: 1300 } as const;
export const DROPDOWN = { zIndex: Z.dropdown } as const;

/** A question for the standard confirm; null when closed. */
export interface ConfirmState {
  text: string;
  onYes: () => void;
}

/** The standard confirm (reference-screens §0): "Apakah Anda yakin?" with "Yakin!" / cancel. */
export function ConfirmDialog({
  state,
  busy,
  onCancel,
}: {
  state: ConfirmState | null;
  busy?: boolean;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={state !== null}
      onClose={onCancel}
      title={t('kurikulum.confirm.title')}
      centered
      zIndex={Z.confirm}
      data-testid="confirm-dialog"
    >
      <Text mb="md" data-testid="confirm-text">
        {state?.text}
      </Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          {t('kurikulum.confirm.cancel')}
        </Button>
        <Button color="red" loading={busy} onClick={() => state?.onYes()} data-testid="confirm-yes">
          {t('kurikulum.confirm.yes')}
        </Button>
      </Group>
    </Modal>
  );
}

/** Shortens a long description for a table cell or a select label (the full text stays in a tooltip). */
export function shorten(text: string, max = 120): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
