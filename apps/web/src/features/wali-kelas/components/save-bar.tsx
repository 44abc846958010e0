import { Button, Group } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n';

/**
 * Under a homeroom table: "Batalkan Perubahan" while something is changed, and Simpan — closed by
 * the gate and idle until something changed. Test ids `{testId}-undo` and `{testId}-save`.
 */
export function SaveBar(props: {
  dirty: boolean;
  closed: boolean;
  saving: boolean;
  onUndo: () => void;
  onSave: () => void;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <Group justify="flex-end" gap="sm">
      {props.dirty ? (
        <Button variant="default" onClick={props.onUndo} data-testid={`${props.testId}-undo`}>
          {t('wali-kelas.catatan.undo')}
        </Button>
      ) : null}
      <Button
        color="green"
        onClick={props.onSave}
        loading={props.saving}
        disabled={props.closed || !props.dirty}
        data-testid={`${props.testId}-save`}
      >
        {t('wali-kelas.catatan.save')}
      </Button>
    </Group>
  );
}
