import type { MonitoringPenilaianRow } from '@erapor/contract/monitoring/penilaian';
import { Badge, Card, Grid, Group, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ServerTable, type ServerTableColumn } from '../../../components/data-table';
import { ErrorAlert } from '../../../components/error-alert';
import { PembelajaranDetailModal } from '../../../components/pembelajaran-detail/pembelajaran-detail-modal';
import { waktu } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import {
  downloadPenilaianExcel,
  getDetailPenilaian,
  getOpsiPenilaian,
  getRingkasanPenilaian,
  listPenilaian,
  MONITORING_PENILAIAN_KEY,
} from '../api/monitoring-api';
import { FilterBar, JurusanFilter, RombelFilter, TingkatFilter } from './filter-bar';
import { Heatmap } from './heatmap';
import { ProgressBars } from './progress-bars';
import { useProgressColumns, useProgressSummary } from './progress-table';
import { SummaryStrip } from './summary-strip';
import { useKelasFilters } from './use-kelas-filters';

/**
 * Monitoring › Nilai Akademik (/progress/penilaian; issue #14 items 1, 3; decision 036): the
 * Waka's view of every teaching assignment's grading. Filters (Tingkat, Program, Rombel, Guru,
 * Status) and the table's search live in the URL (decision 025) and drive the summary strip, the
 * charts and the table alike; a class bar, a heat-map cell or a teacher narrows the table.
 */
export function PenilaianScreen() {
  const { t } = useTranslation();
  const [detailId, setDetailId] = useState<string | null>(null);
  const opsi = useQuery({ queryKey: [...MONITORING_PENILAIAN_KEY, 'opsi'], queryFn: getOpsiPenilaian });
  const { view, setView, rombelOptions, ready, params } = useKelasFilters(opsi.data);
  const { ringkasan, excel } = useProgressSummary({
    queryKey: MONITORING_PENILAIAN_KEY,
    params,
    q: view.q,
    ready,
    ringkasan: getRingkasanPenilaian,
    excel: downloadPenilaianExcel,
  });

  const dateTime = (iso: string | null) => waktu(iso);
  const cols = useProgressColumns<MonitoringPenilaianRow>((r) => setDetailId(r.pembelajaran_id));
  const columns: ServerTableColumn<MonitoringPenilaianRow>[] = [
    {
      accessor: 'rombel',
      title: t('monitoring.columns.rombel'),
      sortable: true,
      render: (r) => (
        <Group gap={4} wrap="nowrap">
          <span>{r.rombel}</span>
          {r.kunci_nilai ? (
            <Badge size="xs" color="gray" variant="light" data-testid="badge-kunci">
              {t('monitoring.dikunci')}
            </Badge>
          ) : null}
        </Group>
      ),
    },
    {
      accessor: 'mata_pelajaran',
      title: t('monitoring.columns.mapel'),
      sortable: true,
      render: (r) =>
        r.induk_pembelajaran_id ? (
          <Text size="sm" bg="var(--mantine-color-yellow-light)" px={4}>
            {r.mata_pelajaran}
          </Text>
        ) : (
          r.mata_pelajaran
        ),
    },
    { accessor: 'guru', title: t('monitoring.columns.guru'), sortable: true, render: (r) => r.guru ?? '-' },
    { accessor: 'expected', title: t('monitoring.columns.expected'), sortable: true, textAlign: 'right' },
    { accessor: 'dinilai', title: t('monitoring.columns.dinilai'), sortable: true, textAlign: 'right' },
    { accessor: 'capaian', title: t('monitoring.columns.capaian'), sortable: true, textAlign: 'right' },
    cols.percent,
    cols.status,
    {
      accessor: 'terakhir_diisi',
      title: t('monitoring.columns.terakhir'),
      sortable: true,
      render: (r) => dateTime(r.terakhir_diisi),
    },
    cols.detil,
  ];

  const data = ringkasan.data;
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="md">
        <Title order={4} data-testid="monitoring-title">
          {data?.title ?? t('monitoring.penilaian.title')}
        </Title>
        <FilterBar
          guruLabel={t('monitoring.filter.guru')}
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
          <Grid data-testid="monitoring-chart">
            <Grid.Col span={{ base: 12, md: 7 }}>
              <ProgressBars
                title={t('monitoring.penilaian.barsTitle')}
                testId="chart-kelas"
                bars={data.kelas.map((k) => ({
                  ...k,
                  badge: k.kunci_nilai ? t('monitoring.dikunci') : undefined,
                }))}
                selected={view.rombel}
                onSelect={(id) => setView({ rombel: id })}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 5 }}>
              <Stack gap="xs" data-testid="guru-belum">
                <Text fw={600}>{t('monitoring.penilaian.guruBelum')}</Text>
                {data.guru_belum.length === 0 ? (
                  <Text size="sm" c="dimmed">
                    {t('monitoring.penilaian.guruBelumKosong')}
                  </Text>
                ) : null}
                {data.guru_belum.map((g, i) => (
                  <UnstyledButton
                    key={g.guru_id}
                    onClick={() => setView({ guru: view.guru === g.guru_id ? null : g.guru_id })}
                    aria-pressed={view.guru === g.guru_id}
                    data-testid="guru-belum-item"
                  >
                    <Group justify="space-between" wrap="nowrap">
                      <Text size="sm">
                        {i + 1}. {g.nama}
                      </Text>
                      <Badge color="red" variant="light">
                        {t('monitoring.penilaian.belumCount', { count: g.belum })}
                      </Badge>
                    </Group>
                  </UnstyledButton>
                ))}
              </Stack>
            </Grid.Col>
            <Grid.Col span={12}>
              <Text fw={600} mb="xs">
                {t('monitoring.penilaian.heatmapTitle')}
              </Text>
              <Heatmap data={data} onSelect={(rombel, mapel) => setView({ rombel, q: mapel })} />
            </Grid.Col>
          </Grid>
        ) : null}
        <ServerTable<MonitoringPenilaianRow>
          queryKey={[...MONITORING_PENILAIAN_KEY, 'list']}
          fetchPage={listPenilaian}
          columns={columns}
          idAccessor="pembelajaran_id"
          params={params}
          enabled={ready}
          defaultSort={{ columnAccessor: 'percent', direction: 'asc' }}
          searchPlaceholder={t('monitoring.search')}
          testId="monitoring-table"
        />
      </Stack>
      <PembelajaranDetailModal
        pembelajaranId={detailId}
        onClose={() => setDetailId(null)}
        load={getDetailPenilaian}
        queryKey={MONITORING_PENILAIAN_KEY}
      />
    </Card>
  );
}
