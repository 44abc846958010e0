import { Alert, Button, Group, List, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../lib/i18n';

/*
 * What every grid screen shows around its one save (the homeroom grids, the PKL grids): the gate's
 * reason, the refused save with the rows it named, and the undo/save bar. The screens keep their
 * own test ids: `{testId}` on the alerts, `{testId}-undo` and `{testId}-save` on the bar.
 */

/** Why the save did not go through, shown above the table until the next try. */
export interface Refusal {
  message: string;
  /** One line per row the server (or the screen's own check) named. */
  problems: string[];
  /** A 409: someone saved in between; offer to load their values. */
  stale: boolean;
}

/** The refused save: the message, the rows named, and "Muat Ulang Data" after a 409. */
export function SaveRefusal(props: {
  refusal: Refusal | null;
  title: string;
  onReload: () => void;
  testId: string;
}) {
  const { t } = useTranslation();
  const { refusal } = props;
  if (!refusal) return null;
  return (
    <Alert color="red" title={props.title} data-testid={props.testId}>
      <Stack gap="xs">
        <Text size="sm">{refusal.message}</Text>
        {refusal.problems.length ? (
          <List size="sm">
            {refusal.problems.map((p) => (
              <List.Item key={p}>{p}</List.Item>
            ))}
          </List>
        ) : null}
        {refusal.stale ? (
          <Group>
            <Button size="xs" variant="default" onClick={props.onReload}>
              {t('grid.reload')}
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Alert>
  );
}

/** The assessment gate (school-wide switch or the class lock): the server's reason, saving closed. */
export function GateAlert(props: { closed: string | null; testId: string }) {
  if (!props.closed) return null;
  return (
    <Alert color="red" data-testid={props.testId}>
      {props.closed}
    </Alert>
  );
}

/** "Batalkan Perubahan" while something is changed, and Simpan — closed by the gate, idle until a change. */
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
          {t('grid.undo')}
        </Button>
      ) : null}
      <Button
        color="green"
        onClick={props.onSave}
        loading={props.saving}
        disabled={props.closed || !props.dirty}
        data-testid={`${props.testId}-save`}
      >
        {t('grid.save')}
      </Button>
    </Group>
  );
}
