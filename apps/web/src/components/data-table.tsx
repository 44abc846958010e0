import type { ListQuery, ListResponse } from '@erapor/contract/list';
import { PAGE_SIZES } from '@erapor/contract/page-sizes';
import { Button, Group, Stack, TextInput } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { DataTable, type DataTableColumn, type DataTableSortStatus } from 'mantine-datatable';
import { type ReactNode, useEffect, useLayoutEffect, useRef } from 'react';
import { formatNumber } from '../lib/format';
import { type TFunction, useTranslation } from '../lib/i18n';
import { fitColumn } from './data-table-layout';
import { ErrorAlert } from './error-alert';
import { SCROLL_X_AREA } from './scroll-x';
import { useTableView } from './table-view';

export type ServerTableColumn<T> = DataTableColumn<T>;

/**
 * mantine-datatable writes the sort state of a header as a fixed English aria-label ("Not sorted",
 * "Sorted ascending"/"descending") with no prop to change it; after every render the labels are
 * put in the interface language (React leaves an attribute alone until its own value changes).
 */
function translateSortLabels(root: HTMLElement | null, t: TFunction): void {
  const labels: Record<string, string> = {
    'Not sorted': t('table.notSorted'),
    'Sorted ascending': t('table.sortedAsc'),
    'Sorted descending': t('table.sortedDesc'),
  };
  for (const el of root?.querySelectorAll('[aria-label^="Not sorted"], [aria-label^="Sorted "]') ?? []) {
    const label = labels[el.getAttribute('aria-label') ?? ''];
    if (label) el.setAttribute('aria-label', label);
  }
}

export interface ServerTableProps<T> {
  /** Query key prefix; the list query and `params` are appended. Invalidate it after a change. */
  queryKey: readonly unknown[];
  /** Fetches one page: the server searches, sorts and paginates (packages/contract/src/list.ts). */
  fetchPage: (query: ListQuery & Record<string, unknown>) => Promise<ListResponse<T>>;
  columns: ServerTableColumn<T>[];
  idAccessor: keyof T & string;
  /** Extra filters sent with every request (e.g. tingkat, rombel); a change goes back to page 1. */
  params?: Record<string, string | number | undefined>;
  /** Controls drawn left of the search box (filters). */
  toolbar?: ReactNode;
  defaultSort?: { columnAccessor: string; direction: 'asc' | 'desc' };
  searchPlaceholder?: string;
  onRowClick?: (record: T) => void;
  testId?: string;
  /** Keep page, size, search and sort in the URL (the screen's own table); false in a dialog. */
  inUrl?: boolean;
  /** False while the screen's filters are still being checked (no request for a stale id). */
  enabled?: boolean;
}

/**
 * The one table of the app: every list is searched, sorted and paginated by the server.
 * Search is debounced; the previous page stays on screen while the next one loads. The page,
 * size, search and sort of a screen's table live in the URL (`inUrl`; components/table-view.ts).
 */
export function ServerTable<T>({
  queryKey,
  fetchPage,
  columns,
  idAccessor,
  params = {},
  toolbar,
  defaultSort,
  searchPlaceholder,
  onRowClick,
  testId = 'server-table',
  inUrl = true,
  enabled = true,
}: ServerTableProps<T>) {
  const { t } = useTranslation();
  const rootRef = useRef<HTMLDivElement>(null);
  // After every render: the library sets them again when the sort changes.
  useLayoutEffect(() => translateSortLabels(rootRef.current, t));
  const view = useTableView(
    defaultSort ?? { columnAccessor: idAccessor, direction: 'asc' },
    JSON.stringify(params),
    inUrl,
  );
  const { page, perPage, sort } = view;

  const query: ListQuery & Record<string, unknown> = {
    ...params,
    page,
    per_page: perPage,
    q: view.q || undefined,
    sort_by: sort.columnAccessor,
    sort_dir: sort.direction,
  };
  const result = useQuery({
    queryKey: [...queryKey, query],
    queryFn: () => fetchPage(query),
    placeholderData: keepPreviousData,
    enabled,
  });
  // A page past the end (a link kept while rows were removed) shows the first page instead.
  const pastEnd = !!result.data && result.data.data.length === 0 && result.data.total > 0 && page > 1;
  // biome-ignore lint/correctness/useExhaustiveDependencies: reacts to reaching past the end only.
  useEffect(() => {
    if (pastEnd) view.setPage(1, true);
  }, [pastEnd]);

  return (
    <Stack gap="sm" data-testid={testId} ref={rootRef}>
      <Group justify="space-between" align="end" wrap="wrap">
        <Group gap="sm" align="end" wrap="wrap">
          {toolbar}
        </Group>
        <TextInput
          data-testid="table-search"
          aria-label={t('table.search')}
          placeholder={searchPlaceholder ?? t('table.search')}
          value={view.search}
          onChange={(e) => view.setSearch(e.currentTarget.value)}
          w={260}
        />
      </Group>
      {result.isError && (
        <ErrorAlert data-testid="table-error" title={t('table.loadFailed')} error={result.error}>
          <Button size="xs" variant="light" onClick={() => result.refetch()}>
            {t('common.retry')}
          </Button>
        </ErrorAlert>
      )}
      <DataTable<T>
        withTableBorder
        striped
        highlightOnHover
        minHeight={160}
        idAccessor={idAccessor}
        columns={columns.map(fitColumn)}
        pinFirstColumn
        scrollAreaProps={SCROLL_X_AREA}
        records={result.data?.data ?? []}
        totalRecords={result.data?.total ?? 0}
        page={page}
        onPageChange={view.setPage}
        recordsPerPage={perPage}
        recordsPerPageOptions={[...PAGE_SIZES]}
        onRecordsPerPageChange={view.setPerPage}
        recordsPerPageLabel={t('table.perPage')}
        paginationText={({ from, to, totalRecords }) =>
          t('table.range', {
            from: formatNumber(from),
            to: formatNumber(to),
            total: formatNumber(totalRecords),
          })
        }
        getPaginationControlProps={(control) => ({ 'aria-label': t(`table.${control}Page`) })}
        sortStatus={sort as DataTableSortStatus<T>}
        onSortStatusChange={(next) =>
          view.setSort({ columnAccessor: String(next.columnAccessor), direction: next.direction })
        }
        fetching={result.isFetching}
        noRecordsText={t('table.empty')}
        onRowClick={onRowClick ? ({ record }) => onRowClick(record) : undefined}
      />
    </Stack>
  );
}
