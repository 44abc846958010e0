import type { ListQuery, ListResponse } from '@erapor/contract/list';
import { PAGE_SIZES } from '@erapor/contract/list';
import { Button, Group, Stack, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { DataTable, type DataTableColumn, type DataTableSortStatus } from 'mantine-datatable';
import { type ReactNode, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { formatNumber, type TFunction, useTranslation } from '../lib/i18n';
import { ErrorAlert } from './error-alert';

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
}

/**
 * The one table of the app: every list is searched, sorted and paginated by the server.
 * Search is debounced; the previous page stays on screen while the next one loads.
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
}: ServerTableProps<T>) {
  const { t } = useTranslation();
  const rootRef = useRef<HTMLDivElement>(null);
  // After every render: the library sets them again when the sort changes.
  useLayoutEffect(() => translateSortLabels(rootRef.current, t));
  const [page, setPage] = useState(1);
  const [perPage, setPerPage] = useState<number>(PAGE_SIZES[0]);
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const [sortStatus, setSortStatus] = useState<DataTableSortStatus<T>>(
    (defaultSort ?? { columnAccessor: idAccessor, direction: 'asc' }) as DataTableSortStatus<T>,
  );

  const paramsKey = JSON.stringify(params);
  // A new search or filter starts again on page 1.
  // biome-ignore lint/correctness/useExhaustiveDependencies: q and paramsKey are the triggers.
  useEffect(() => setPage(1), [q, paramsKey]);

  const query: ListQuery & Record<string, unknown> = {
    ...params,
    page,
    per_page: perPage,
    q: q || undefined,
    sort_by: String(sortStatus.columnAccessor),
    sort_dir: sortStatus.direction,
  };
  const result = useQuery({
    queryKey: [...queryKey, query],
    queryFn: () => fetchPage(query),
    placeholderData: keepPreviousData,
  });

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
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
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
        columns={columns}
        records={result.data?.data ?? []}
        totalRecords={result.data?.total ?? 0}
        page={page}
        onPageChange={setPage}
        recordsPerPage={perPage}
        recordsPerPageOptions={[...PAGE_SIZES]}
        onRecordsPerPageChange={(n) => {
          setPerPage(n);
          setPage(1);
        }}
        recordsPerPageLabel={t('table.perPage')}
        paginationText={({ from, to, totalRecords }) =>
          t('table.range', {
            from: formatNumber(from),
            to: formatNumber(to),
            total: formatNumber(totalRecords),
          })
        }
        getPaginationControlProps={(control) => ({ 'aria-label': t(`table.${control}Page`) })}
        sortStatus={sortStatus}
        onSortStatusChange={setSortStatus}
        fetching={result.isFetching}
        noRecordsText={t('table.empty')}
        onRowClick={onRowClick ? ({ record }) => onRowClick(record) : undefined}
      />
    </Stack>
  );
}
