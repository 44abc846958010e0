import type { ProgressStatus } from '@erapor/contract/monitoring/counting';
import { Badge } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n';

/** The statuses in filter order, shared by every monitoring screen. */
export const PROGRESS_STATUS_ORDER: readonly ProgressStatus[] = ['belum', 'sebagian', 'lengkap'];
const STATUS_COLOR: Record<ProgressStatus, string> = { belum: 'red', sebagian: 'yellow', lengkap: 'green' };

/** Belum dinilai / Sebagian / Lengkap as a coloured badge; "-" when nothing is expected. */
export function StatusBadge({ status }: { status: ProgressStatus | null }) {
  const { t } = useTranslation();
  if (!status) return '-';
  return (
    // Never narrower than its word: a Badge's label is cut with an ellipsis when the table is
    // squeezed, and "LEN…" said nothing at 1366 px (issue #26 item 4).
    <Badge color={STATUS_COLOR[status]} variant="light" size="sm" miw="max-content" data-testid="row-status">
      {t(`monitoring.status.${status}`)}
    </Badge>
  );
}
