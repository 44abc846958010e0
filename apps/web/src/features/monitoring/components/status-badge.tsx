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
    <Badge color={STATUS_COLOR[status]} variant="light" size="sm">
      {t(`monitoring.status.${status}`)}
    </Badge>
  );
}
