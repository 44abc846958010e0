import { faCompass } from '@fortawesome/free-solid-svg-icons';
import { EmptyState, Paper } from '@mantine/core';
import { useBusEvent } from '../lib/event-bus';
import { useTranslation } from '../lib/i18n';
import { useRouteDef } from '../lib/route-meta';
import { toast } from '../lib/toast';
import { Icon } from './icon';

/**
 * The honest screen of a route whose feature is not built yet: the layout shows its header,
 * breadcrumb and add button; here an empty state says so. Pressing the add button says so too.
 */
export function ScreenPlaceholder({ description }: { description?: string }) {
  const { t } = useTranslation();
  const def = useRouteDef();
  useBusEvent(def?.addButton && !def.addButton.link ? def.addButton.action : undefined, () => {
    toast.info(
      t('placeholder.actionTitle'),
      t('placeholder.actionText', { action: def?.addButton?.text ?? '' }),
    );
  });
  return (
    <Paper withBorder radius="md" p="xl" data-testid="screen-placeholder">
      <EmptyState
        variant="light"
        color="primary"
        icon={<Icon icon={faCompass} size={28} />}
        title={t('placeholder.title')}
        description={description ?? t('placeholder.text')}
      />
    </Paper>
  );
}
