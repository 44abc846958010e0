import type { MonitoringPklRow } from '@erapor/contract/pkl/monitoring';
import { TINGKAT } from '@erapor/contract/referensi/peserta-didik';
import { Card, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ServerTable, type ServerTableColumn } from '../../../components/data-table';
import { ErrorAlert } from '../../../components/error-alert';
import { optionValues, useKnownChoice } from '../../../components/known-choice';
import { tanggal } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { useView } from '../../../lib/view-search';
import {
  downloadPklExcel,
  getOpsiPkl,
  getRingkasanPkl,
  listPklProgress,
  MONITORING_PKL_KEY,
} from '../api/monitoring-api';
import { FilterBar, RombelFilter, TingkatFilter } from './filter-bar';
import { PklDetailModal } from './pkl-detail-modal';
import { ProgressBars } from './progress-bars';
import { useProgressColumns, useProgressSummary } from './progress-table';
import { PROGRESS_STATUS_ORDER } from './status-badge';
import { SummaryStrip } from './summary-strip';

/**
 * Monitoring › Nilai PKL (/progress/nilai-pkl; issue #14 item 7; decision 036): one row per PKL
 * plan with its participants graded on every TP. Tingkat, Rombel, Guru (= Pembimbing), Status and
 * the search live in the URL and drive the summary strip, the class bars and the table alike; a
 * bar narrows the table to its class; Detil shows the scores and prints a participant's report.
 */
export function PklScreen() {
  const { t } = useTranslation();
  const [view, setView] = useView();
  const [detailId, setDetailId] = useState<string | null>(null);
  const opsi = useQuery({ queryKey: [...MONITORING_PKL_KEY, 'opsi'], queryFn: getOpsiPkl });
  const rombelOptions = (opsi.data?.rombel ?? []).filter(
    (r) => !view.tingkat || String(r.tingkat) === view.tingkat,
  );
  const tingkatOk = useKnownChoice('tingkat', view.tingkat, TINGKAT.map(String), setView);
  const rombelOk = useKnownChoice(
    'rombel',
    view.rombel,
    opsi.data ? rombelOptions.map((r) => r.value) : undefined,
    setView,
  );
  const guruOk = useKnownChoice('guru', view.guru, optionValues(opsi.data?.guru), setView);
  const statusOk = useKnownChoice('status', view.status, [...PROGRESS_STATUS_ORDER], setView);
  const ready = tingkatOk && rombelOk && guruOk && statusOk;

  const params = {
    tingkat: view.tingkat,
    rombongan_belajar_id: view.rombel,
    guru_id: view.guru,
    status: view.status,
  };
  const { ringkasan, excel } = useProgressSummary({
    queryKey: MONITORING_PKL_KEY,
    params,
    q: view.q,
    ready,
    ringkasan: getRingkasanPkl,
    excel: downloadPklExcel,
  });

  const c = (k: string) => t(`monitoring.pkl.columns.${k}`);
  const cols = useProgressColumns<MonitoringPklRow>((r) => setDetailId(r.pkl_id));
  const columns: ServerTableColumn<MonitoringPklRow>[] = [
    { accessor: 'kelas', title: c('kelas'), sortable: true },
    { accessor: 'nama_dudi', title: c('dudi'), sortable: true },
    { accessor: 'judul_akt_pd', title: c('pks'), sortable: true },
    { accessor: 'tanggal_mulai', title: c('mulai'), sortable: true, render: (r) => tanggal(r.tanggal_mulai) },
    {
      accessor: 'tanggal_selesai',
      title: c('selesai'),
      sortable: true,
      render: (r) => tanggal(r.tanggal_selesai),
    },
    { accessor: 'nama_pembimbing', title: c('pembimbing'), sortable: true },
    { accessor: 'jml_peserta', title: c('peserta'), sortable: true, textAlign: 'right' },
    { accessor: 'jml_dinilai', title: c('dinilai'), sortable: true, textAlign: 'right' },
    cols.percent,
    cols.status,
    cols.detil,
  ];

  const data = ringkasan.data;
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="md">
        <Title order={4} data-testid="monitoring-title">
          {data?.title ?? t('monitoring.pkl.title')}
        </Title>
        <FilterBar
          guruLabel={c('pembimbing')}
          guruOptions={opsi.data?.guru ?? []}
          excel={{ pending: excel.isPending, disabled: !ready, onClick: () => excel.mutate() }}
        >
          <TingkatFilter />
          <RombelFilter options={rombelOptions} />
        </FilterBar>
        {ringkasan.isError ? <ErrorAlert title={t('monitoring.loadFailed')} error={ringkasan.error} /> : null}
        <SummaryStrip summary={data?.summary} />
        {data ? (
          <div data-testid="monitoring-chart">
            <ProgressBars
              title={t('monitoring.penilaian.barsTitle')}
              testId="chart-kelas"
              bars={data.kelas}
              selected={view.rombel}
              onSelect={(id) => setView({ rombel: id })}
            />
          </div>
        ) : null}
        <ServerTable<MonitoringPklRow>
          queryKey={[...MONITORING_PKL_KEY, 'list']}
          fetchPage={listPklProgress}
          columns={columns}
          idAccessor="pkl_id"
          params={params}
          enabled={ready}
          defaultSort={{ columnAccessor: 'percent', direction: 'asc' }}
          searchPlaceholder={t('monitoring.search')}
          testId="monitoring-table"
        />
      </Stack>
      <PklDetailModal id={detailId} onClose={() => setDetailId(null)} />
    </Card>
  );
}
