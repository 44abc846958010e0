import type { MonitoringUkkRow } from '@erapor/contract/monitoring/ukk';
import { Card, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ServerTable, type ServerTableColumn } from '../../../components/data-table';
import { ErrorAlert } from '../../../components/error-alert';
import { RencanaDetailModal } from '../../../components/ukk-rencana/rencana-detail-modal';
import { formatNumber } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import {
  downloadUkkExcel,
  getDetailUkk,
  getOpsiUkk,
  getRingkasanUkk,
  listUkkProgress,
  MONITORING_UKK_KEY,
} from '../api/monitoring-api';
import { FilterBar, JurusanFilter, RombelFilter, TingkatFilter } from './filter-bar';
import { useProgressColumns, useProgressSummary } from './progress-table';
import { StackedBars } from './stacked-bars';
import { SummaryStrip } from './summary-strip';
import { useKelasFilters } from './use-kelas-filters';

const COLORS = ['var(--mantine-color-green-6)', 'var(--mantine-color-red-6)', 'var(--mantine-color-gray-4)'];

/**
 * Monitoring › Nilai UKK (/progress/nilai-ukk; issue #14 item 6; decision 036): one row per Rencana
 * UKK with its pupils scored, Kompeten and Belum Kompeten; a stacked bar per programme (Kompeten /
 * Belum Kompeten / Belum dinilai) narrows the table to the programme. Detil is the Kaprog's
 * "Detil Rencana Penilaian UKK".
 */
export function UkkScreen() {
  const { t } = useTranslation();
  const [detailId, setDetailId] = useState<string | null>(null);
  const opsi = useQuery({ queryKey: [...MONITORING_UKK_KEY, 'opsi'], queryFn: getOpsiUkk });
  const { view, setView, rombelOptions, ready, params } = useKelasFilters(opsi.data);
  const { ringkasan, excel } = useProgressSummary({
    queryKey: MONITORING_UKK_KEY,
    params,
    q: view.q,
    ready,
    ringkasan: getRingkasanUkk,
    excel: downloadUkkExcel,
  });

  const count = (accessor: keyof MonitoringUkkRow & string, title: string) => ({
    accessor,
    title,
    sortable: true,
    textAlign: 'right' as const,
  });
  const cols = useProgressColumns<MonitoringUkkRow>((r) => setDetailId(r.rencana_ukk_id));
  const columns: ServerTableColumn<MonitoringUkkRow>[] = [
    {
      accessor: 'program',
      title: t('monitoring.ukk.columns.program'),
      sortable: true,
      render: (r) => r.program ?? '-',
    },
    { accessor: 'rombel', title: t('monitoring.columns.rombel'), sortable: true },
    { accessor: 'nomor_paket', title: t('monitoring.ukk.columns.kodePaket'), sortable: true },
    { accessor: 'nama_paket', title: t('monitoring.ukk.columns.namaPaket'), sortable: true },
    {
      accessor: 'guru',
      title: t('monitoring.ukk.columns.penguji'),
      sortable: true,
      render: (r) => r.guru ?? '-',
    },
    count('expected', t('monitoring.ukk.columns.jumlahPd')),
    count('dinilai', t('monitoring.ukk.columns.dinilai')),
    count('kompeten', t('monitoring.ukk.kompeten')),
    count('belum_kompeten', t('monitoring.ukk.belumKompeten')),
    cols.percent,
    cols.status,
    cols.detil,
  ];

  const data = ringkasan.data;
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="md">
        <Title order={4} data-testid="monitoring-title">
          {data?.title ?? t('monitoring.ukk.title')}
        </Title>
        <FilterBar
          guruLabel={t('monitoring.ukk.columns.penguji')}
          guruOptions={opsi.data?.guru ?? []}
          excel={{ pending: excel.isPending, disabled: !ready, onClick: () => excel.mutate() }}
        >
          <TingkatFilter />
          <JurusanFilter options={opsi.data?.jurusan ?? []} />
          <RombelFilter options={rombelOptions} />
        </FilterBar>
        {ringkasan.isError ? <ErrorAlert title={t('monitoring.loadFailed')} error={ringkasan.error} /> : null}
        <SummaryStrip summary={data?.summary} />
        {data ? (
          <Text size="sm" data-testid="summary-kompeten">
            {t('monitoring.ukk.kompeten')}: {formatNumber(data.summary.kompeten)} ·{' '}
            {t('monitoring.ukk.belumKompeten')}: {formatNumber(data.summary.belum_kompeten)}
          </Text>
        ) : null}
        {data ? (
          <div data-testid="monitoring-chart">
            <StackedBars
              title={t('monitoring.ukk.barsTitle')}
              testId="chart-program"
              legend={[
                t('monitoring.ukk.kompeten'),
                t('monitoring.ukk.belumKompeten'),
                t('monitoring.status.belum'),
              ]}
              colors={COLORS}
              bars={data.program.map((p) => ({
                id: p.id,
                label: p.label,
                parts: [p.kompeten, p.belum_kompeten, p.expected - p.dinilai],
                percent: p.percent,
              }))}
              selected={view.jurusan}
              onSelect={(id) => setView({ jurusan: id || null, rombel: null })}
            />
          </div>
        ) : null}
        <ServerTable<MonitoringUkkRow>
          queryKey={[...MONITORING_UKK_KEY, 'list']}
          fetchPage={listUkkProgress}
          columns={columns}
          idAccessor="rencana_ukk_id"
          params={params}
          enabled={ready}
          defaultSort={{ columnAccessor: 'percent', direction: 'asc' }}
          searchPlaceholder={t('monitoring.search')}
          testId="monitoring-table"
        />
      </Stack>
      <RencanaDetailModal
        id={detailId}
        onClose={() => setDetailId(null)}
        load={getDetailUkk}
        queryKey={MONITORING_UKK_KEY}
      />
    </Card>
  );
}
