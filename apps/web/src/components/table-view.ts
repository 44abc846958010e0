import { PAGE_SIZES } from '@erapor/contract/page-sizes';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useRef, useState } from 'react';
import { useView } from '../lib/view-search';

export interface TableSort {
  columnAccessor: string;
  direction: 'asc' | 'desc';
}

/** What a table shows (page, size, search, sort) and how to change it. */
export interface TableView {
  page: number;
  perPage: number;
  /** The search box's text as typed. */
  search: string;
  /** The search the server is asked for (debounced, trimmed). */
  q: string;
  sort: TableSort;
  /** `replace`: correct the URL without a history entry. */
  setPage: (page: number, replace?: boolean) => void;
  setPerPage: (n: number) => void;
  setSearch: (text: string) => void;
  setSort: (sort: TableSort) => void;
}

/**
 * The screen's table keeps its view in the URL (lib/view-search.ts): pages and sorting push a
 * history entry, the search replaces it (debounced). A table inside a dialog keeps it in React
 * state (`inUrl` false) — two tables must not share one `page`. Either way a new search or
 * filter (`paramsKey`) starts on page 1.
 */
export function useTableView(defaultSort: TableSort, paramsKey: string, inUrl: boolean): TableView {
  const url = useUrlTableView(defaultSort, inUrl);
  const local = useLocalTableView(defaultSort, paramsKey, !inUrl);
  return inUrl ? url : local;
}

function useUrlTableView(defaultSort: TableSort, active: boolean): TableView {
  const [view, setView] = useView();
  const [search, setSearch] = useState(view.q ?? '');
  const [typed] = useDebouncedValue(search.trim(), 300);
  // What we last wrote ourselves: its echo from the router must not overwrite newer typing.
  const written = useRef(view.q ?? '');
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the debounced text triggers a write.
  useEffect(() => {
    if (!active || typed === written.current) return;
    written.current = typed;
    setView({ q: typed || null }, { replace: true });
  }, [typed, active]);
  // Back/Forward or a link changed the search: show it in the box.
  useEffect(() => {
    const q = view.q ?? '';
    if (q === written.current) return;
    written.current = q;
    setSearch(q);
  }, [view.q]);
  return {
    page: view.page ?? 1,
    perPage: view.per_page ?? PAGE_SIZES[0],
    search,
    q: view.q ?? '',
    sort: view.sort ? { columnAccessor: view.sort, direction: view.dir ?? 'asc' } : defaultSort,
    setPage: (page, replace) => setView({ page: page > 1 ? page : null }, { replace }),
    setPerPage: (n) => setView({ per_page: n === PAGE_SIZES[0] ? null : n }),
    setSearch,
    // The default order stays out of the URL; any other is written whole.
    setSort: (sort) =>
      sort.columnAccessor === defaultSort.columnAccessor && sort.direction === defaultSort.direction
        ? setView({ sort: null, dir: null })
        : setView({ sort: sort.columnAccessor, dir: sort.direction }),
  };
}

function useLocalTableView(defaultSort: TableSort, paramsKey: string, active: boolean): TableView {
  const [page, setPage] = useState(1);
  const [perPage, setPerPage] = useState<number>(PAGE_SIZES[0]);
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const [sort, setSort] = useState(defaultSort);
  // biome-ignore lint/correctness/useExhaustiveDependencies: q and paramsKey are the triggers.
  useEffect(() => {
    if (active) setPage(1);
  }, [q, paramsKey]);
  return {
    page,
    perPage,
    search,
    q,
    sort,
    setPage,
    setPerPage: (n) => {
      setPerPage(n);
      setPage(1);
    },
    setSearch,
    setSort,
  };
}
