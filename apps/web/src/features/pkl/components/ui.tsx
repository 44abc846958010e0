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
      title={t('pkl.perencanaan.confirmTitle')}
      centered
      zIndex={Z.confirm}
    >
      <Text mb="md" data-testid="confirm-text">
        {state?.text}
      </Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          {t('pkl.perencanaan.batal')}
        </Button>
        <Button color="red" loading={busy} onClick={() => state?.onYes()} data-testid="confirm-yes">
          {t('pkl.perencanaan.confirmYes')}
        </Button>
      </Group>
    </Modal>
  );
}

/** 2025-07-14 → 14-07-2025 (dates come from the API as ISO dates). */
export function formatTanggal(iso: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  return m ? `${m[3]}-${m[2]}-${m[1]}` : iso;
}
