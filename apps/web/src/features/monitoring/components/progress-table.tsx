import type { ProgressStatus } from '@erapor/contract/monitoring/counting';
import { Button } from '@mantine/core';
import { keepPreviousData, type QueryKey, useMutation, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { ServerTableColumn } from '../../../components/data-table';
import { formatPercent } from '../../../lib/format';
import { httpErrorMessage } from '../../../lib/http-errors';
import { useTranslation } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import type { MonitoringParams } from '../api/monitoring-api';
import { StatusBadge } from './status-badge';

/*
 * What every monitoring screen's table ends with (decision 036): %, Status and Detil, and the
 * summary query and Excel download driven by the same filters as the table.
 */

type Progress = { percent: number | null; status: ProgressStatus | null };

/** The `%`, `Status` and `Detil` columns; `status` may show a screen's own badge instead. */
export function useProgressColumns<R extends Progress>(
  onDetil: (row: R) => void,
  status?: (row: R) => ReactNode,
): { percent: ServerTableColumn<R>; status: ServerTableColumn<R>; detil: ServerTableColumn<R> } {
  const { t } = useTranslation();
  return {
    percent: {
      accessor: 'percent',
      title: '%',
      sortable: true,
      textAlign: 'right',
      render: (r) => <span data-testid="row-percent">{formatPercent(r.percent)}</span>,
    },
    status: {
      accessor: 'status',
      title: t('monitoring.columns.status'),
      render: (r) => status?.(r) ?? <StatusBadge status={r.status} />,
    },
    detil: {
      accessor: 'detil',
      title: t('monitoring.columns.detil'),
      render: (r) => (
        // As wide as its label, as the status badge: a squeezed table cut it off at 1366 px.
        <Button
          size="compact-sm"
          color="green"
          miw="max-content"
          onClick={() => onDetil(r)}
          data-testid="row-detil"
        >
          {t('monitoring.detil')}
        </Button>
      ),
    },
  };
}

/** The summary (strip and chart) and "Unduh Excel" of the filtered table. */
export function useProgressSummary<S>(options: {
  queryKey: QueryKey;
  params: MonitoringParams;
  q: string | undefined;
  ready: boolean;
  ringkasan: (params: MonitoringParams) => Promise<S>;
  excel: (params: MonitoringParams) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const { params, q } = options;
  const ringkasan = useQuery({
    queryKey: [...options.queryKey, 'ringkasan', params, q],
    queryFn: () => options.ringkasan({ ...params, q }),
    placeholderData: keepPreviousData,
    enabled: options.ready,
  });
  const excel = useMutation({
    mutationFn: () => options.excel({ ...params, q }),
    onError: (e) => toast.error(httpErrorMessage(e, t)),
  });
  return { ringkasan, excel };
}
