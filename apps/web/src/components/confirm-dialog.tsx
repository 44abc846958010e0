import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from '../lib/i18n';
import { Z } from './z-index';

/** A question for the confirm together with what "Yes" does; null when closed. */
export interface ConfirmState {
  text: string;
  onYes: () => void;
}

interface Common {
  /** The action is running: "Yes" shows a loader and cannot be clicked again. */
  busy?: boolean;
  /** Cancel, the close button, Escape or a click outside. */
  onCancel: () => void;
}

/** The question and its action as one value (null: closed)… */
interface WithState extends Common {
  state: ConfirmState | null;
}

/** …or the text (null: closed, unless `opened` is given) and the action apart. */
interface WithText extends Common {
  text: string | null;
  opened?: boolean;
  onConfirm: () => void;
}

export type ConfirmDialogProps = WithState | WithText;

/**
 * The standard confirm (reference-screens §0): "Apakah Anda yakin?" with "Yakin!" / cancel; the
 * text says what will happen. Above the layout's sidebar and navbar and above a modal it is
 * opened from.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const { t } = useTranslation();
  const { busy, onCancel } = props;
  let text: string | null;
  let opened: boolean;
  let onYes: () => void;
  if ('state' in props) {
    const { state } = props;
    text = state?.text ?? null;
    opened = state !== null;
    onYes = () => state?.onYes();
  } else {
    text = props.text;
    opened = props.opened ?? props.text !== null;
    onYes = props.onConfirm;
  }
  return (
    <Modal
      opened={opened}
      onClose={onCancel}
      title={t('confirm.title')}
      centered
      zIndex={Z.confirm}
      data-testid="confirm-dialog"
    >
      <Text mb="md" data-testid="confirm-text">
        {text}
      </Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          {t('confirm.cancel')}
        </Button>
        <Button color="red" loading={busy} onClick={onYes} data-testid="confirm-yes">
          {t('confirm.yes')}
        </Button>
      </Group>
    </Modal>
  );
}
