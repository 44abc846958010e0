import type { MonitoringProjekRow } from '@erapor/contract/monitoring/projek';
import { Alert, Badge, Card, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ServerTable, type ServerTableColumn } from '../../../components/data-table';
import { ErrorAlert } from '../../../components/error-alert';
import { useTranslation } from '../../../lib/i18n';
import {
  downloadProjekExcel,
  getOpsiProjek,
  getRingkasanProjek,
  listProjekProgress,
  MONITORING_PROJEK_KEY,
} from '../api/monitoring-api';
import { FilterBar, JurusanFilter, RombelFilter, TingkatFilter } from './filter-bar';
import { ProgressBars } from './progress-bars';
import { useProgressColumns, useProgressSummary } from './progress-table';
import { ProjekDetailModal } from './projek-detail-modal';
import { SummaryStrip } from './summary-strip';
import { useKelasFilters } from './use-kelas-filters';

/**
 * Monitoring › Nilai Projek (/progress/nilai-projek; issue #14 item 4; decision 036): per class the
 * P5 cells assessed (pupil × sub-element) before 20251 — a Merdeka class without a project is
 * flagged — and, from 20251, the pupils with a kokurikuler text (the Wali Kelas takes the Koord's
 * column). Filters and search live in the URL and drive the summary, the bars and the table.
 */
export function ProjekScreen() {
  const { t } = useTranslation();
  const [detailId, setDetailId] = useState<string | null>(null);
  const opsi = useQuery({ queryKey: [...MONITORING_PROJEK_KEY, 'opsi'], queryFn: getOpsiProjek });
  const { view, setView, rombelOptions, ready, params } = useKelasFilters(opsi.data);
  const { ringkasan, excel } = useProgressSummary({
    queryKey: MONITORING_PROJEK_KEY,
    params,
    q: view.q,
    ready,
    ringkasan: getRingkasanProjek,
    excel: downloadProjekExcel,
  });
  const data = ringkasan.data;
  const kokurikuler = data?.mode === 'kokurikuler';
  const guruTitle = kokurikuler ? t('monitoring.projek.columns.wali') : t('monitoring.projek.columns.koord');

  const count = (accessor: keyof MonitoringProjekRow & string, title: string) => ({
    accessor,
    title,
    sortable: true,
    textAlign: 'right' as const,
  });
  // A Merdeka class without a project (before 20251) is flagged instead of "Belum dinilai".
  const cols = useProgressColumns<MonitoringProjekRow>(
    (r) => setDetailId(r.rombongan_belajar_id),
    (r) =>
      r.tanpa_projek ? (
        <Badge color="orange" variant="light" size="sm" data-testid="badge-tanpa-projek">
          {t('monitoring.projek.tanpaProjek')}
        </Badge>
      ) : undefined,
  );
  const columns: ServerTableColumn<MonitoringProjekRow>[] = [
    { accessor: 'rombel', title: t('monitoring.columns.rombel'), sortable: true },
    { accessor: 'guru', title: guruTitle, sortable: true, render: (r) => r.guru ?? '-' },
    ...(kokurikuler
      ? [
          count('expected', t('monitoring.columns.expected')),
          count('dinilai', t('monitoring.projek.columns.kokurikuler')),
        ]
      : [
          count('jumlah_tema', t('monitoring.projek.columns.tema')),
          count('jumlah_projek', t('monitoring.projek.columns.projek')),
          count('jumlah_sub_elemen', t('monitoring.projek.columns.subElemen')),
        ]),
    cols.percent,
    cols.status,
    cols.detil,
  ];

  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="md">
        <Title order={4} data-testid="monitoring-title">
          {data?.title ?? t('monitoring.projek.title')}
        </Title>
        {kokurikuler ? (
          <Alert color="blue" data-testid="projek-kokurikuler">
            {t('monitoring.projek.kokurikulerNotice')}
          </Alert>
        ) : null}
        <FilterBar
          guruLabel={guruTitle}
          guruOptions={opsi.data?.guru ?? []}
          excel={{ pending: excel.isPending, disabled: !ready, onClick: () => excel.mutate() }}
        >
          <TingkatFilter />
          <JurusanFilter options={opsi.data?.jurusan ?? []} />
          <RombelFilter options={rombelOptions} />
        </FilterBar>
        {ringkasan.isError ? <ErrorAlert title={t('monitoring.loadFailed')} error={ringkasan.error} /> : null}
        <SummaryStrip summary={data?.summary} />
        {data && data.summary.tanpa_projek > 0 ? (
          <Alert color="orange" data-testid="summary-tanpa-projek">
            {t('monitoring.projek.tanpaProjekCount', { count: data.summary.tanpa_projek })}
          </Alert>
        ) : null}
        {data ? (
          <div data-testid="monitoring-chart">
            <ProgressBars
              title={t('monitoring.penilaian.barsTitle')}
              testId="chart-kelas"
              bars={data.kelas.map((k) => ({
                ...k,
                badge: k.tanpa_projek ? t('monitoring.projek.tanpaProjek') : undefined,
              }))}
              selected={view.rombel}
              onSelect={(id) => setView({ rombel: id })}
            />
          </div>
        ) : null}
        <ServerTable<MonitoringProjekRow>
          queryKey={[...MONITORING_PROJEK_KEY, 'list']}
          fetchPage={listProjekProgress}
          columns={columns}
          idAccessor="rombongan_belajar_id"
          params={params}
          enabled={ready}
          defaultSort={{ columnAccessor: 'percent', direction: 'asc' }}
          searchPlaceholder={t('monitoring.search')}
          testId="monitoring-table"
        />
      </Stack>
      <ProjekDetailModal id={detailId} onClose={() => setDetailId(null)} />
    </Card>
  );
}
