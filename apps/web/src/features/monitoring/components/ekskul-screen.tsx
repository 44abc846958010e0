import type { MonitoringEkskulRow } from '@erapor/contract/monitoring/ekskul';
import { Card, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ServerTable, type ServerTableColumn } from '../../../components/data-table';
import { ErrorAlert } from '../../../components/error-alert';
import { optionValues, useKnownChoice } from '../../../components/known-choice';
import { useTranslation } from '../../../lib/i18n';
import { useView } from '../../../lib/view-search';
import {
  downloadEkskulExcel,
  getOpsiEkskul,
  getRingkasanEkskul,
  listEkskulProgress,
  MONITORING_EKSKUL_KEY,
} from '../api/monitoring-api';
import { EkskulDetailModal } from './ekskul-detail-modal';
import { FilterBar } from './filter-bar';
import { ProgressBars } from './progress-bars';
import { useProgressColumns, useProgressSummary } from './progress-table';
import { PROGRESS_STATUS_ORDER } from './status-badge';
import { SummaryStrip } from './summary-strip';

/**
 * Monitoring › Nilai Ekstrakurikuler (/progress/nilai-ekskul; issue #14 item 5; decision 036):
 * one row per ekskul with its live members graded. Guru (= Pembina), Status and the search live in
 * the URL and drive the summary strip, the bars and the table alike; a bar narrows the table to
 * its ekskul (by name, the search).
 */
export function EkskulScreen() {
  const { t } = useTranslation();
  const [view, setView] = useView();
  const [detailId, setDetailId] = useState<string | null>(null);
  const opsi = useQuery({ queryKey: [...MONITORING_EKSKUL_KEY, 'opsi'], queryFn: getOpsiEkskul });
  const guruOk = useKnownChoice('guru', view.guru, optionValues(opsi.data?.guru), setView);
  const statusOk = useKnownChoice('status', view.status, [...PROGRESS_STATUS_ORDER], setView);
  const ready = guruOk && statusOk;

  const params = { guru_id: view.guru, status: view.status };
  const { ringkasan, excel } = useProgressSummary({
    queryKey: MONITORING_EKSKUL_KEY,
    params,
    q: view.q,
    ready,
    ringkasan: getRingkasanEkskul,
    excel: downloadEkskulExcel,
  });

  const cols = useProgressColumns<MonitoringEkskulRow>((r) => setDetailId(r.ekstrakurikuler_id));
  const columns: ServerTableColumn<MonitoringEkskulRow>[] = [
    { accessor: 'nama_ekskul', title: t('monitoring.ekskul.columns.nama'), sortable: true },
    {
      accessor: 'guru',
      title: t('monitoring.ekskul.columns.pembina'),
      sortable: true,
      render: (r) => r.guru ?? '-',
    },
    {
      accessor: 'expected',
      title: t('monitoring.ekskul.columns.anggota'),
      sortable: true,
      textAlign: 'right',
    },
    {
      accessor: 'dinilai',
      title: t('monitoring.ekskul.columns.dinilai'),
      sortable: true,
      textAlign: 'right',
    },
    cols.percent,
    cols.status,
    cols.detil,
  ];

  const data = ringkasan.data;
  const selected = data?.ekskul.find((b) => b.label === view.q)?.id;
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="md">
        <Title order={4} data-testid="monitoring-title">
          {data?.title ?? t('monitoring.ekskul.title')}
        </Title>
        <FilterBar
          guruLabel={t('monitoring.ekskul.columns.pembina')}
          guruOptions={opsi.data?.guru ?? []}
          excel={{ pending: excel.isPending, disabled: !ready, onClick: () => excel.mutate() }}
        />
        {ringkasan.isError ? <ErrorAlert title={t('monitoring.loadFailed')} error={ringkasan.error} /> : null}
        <SummaryStrip summary={data?.summary} />
        {data ? (
          <div data-testid="monitoring-chart">
            <ProgressBars
              title={t('monitoring.ekskul.barsTitle')}
              testId="chart-ekskul"
              bars={data.ekskul}
              selected={selected}
              onSelect={(id) => setView({ q: data.ekskul.find((b) => b.id === id)?.label ?? null })}
            />
          </div>
        ) : null}
        <ServerTable<MonitoringEkskulRow>
          queryKey={[...MONITORING_EKSKUL_KEY, 'list']}
          fetchPage={listEkskulProgress}
          columns={columns}
          idAccessor="ekstrakurikuler_id"
          params={params}
          enabled={ready}
          defaultSort={{ columnAccessor: 'percent', direction: 'asc' }}
          searchPlaceholder={t('monitoring.search')}
          testId="monitoring-table"
        />
      </Stack>
      <EkskulDetailModal id={detailId} onClose={() => setDetailId(null)} />
    </Card>
  );
}
