// The state of a list page — its search text, its sort and its page — kept in the address, so that a
// reload, a deep link and Back show the same list. Every list page uses this one hook.
//
// The search box follows the address (Back, a link) and the address follows the box once typing
// pauses. A pause that ends after the page was left (the caseworker typed, then at once opened a row)
// must not bring the list back: the address is moved only while it is still this list's.
//
// A search longer than the server takes is neither cut nor sent: it stays in the box, which says it is
// too long, and the list stays as it was (one in a link lists without a search).
import { MSG, SEARCH_MAX, type SortDirection } from '@bridge-talk/contract';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useMemo, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';

export const SEARCH_DELAY_MS = 300;

interface ListState {
  search: string;
  sort: SortDirection | undefined;
  page: number;
}

function readListState(params: URLSearchParams): ListState {
  const sort = params.get('sort');
  const page = Number.parseInt(params.get('page') ?? '', 10);
  return {
    search: params.get('search') ?? '',
    sort: sort === 'asc' || sort === 'desc' ? sort : undefined,
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
}

/** The message for a search text the server would refuse as too long, or undefined for one it takes. */
export function searchTextError(text: string): string | undefined {
  return text.trim().length > SEARCH_MAX ? MSG.validation.tooLong(MSG.fields.search, SEARCH_MAX) : undefined;
}

const LIST_KEYS = new Set(['search', 'sort', 'page']);

function toListParams({ search, sort, page }: ListState): URLSearchParams {
  const params = new URLSearchParams();
  if (search) params.set('search', search);
  if (sort) params.set('sort', sort);
  if (page > 1) params.set('page', String(page));
  return params;
}

export interface ListStateControls {
  state: ListState;
  /** Moves the list (a new sort, another page); `replace` when it corrects the address. */
  go(next: Partial<ListState>, replace?: boolean): void;
  /** The search box's text, as typed. */
  typed: string;
  setTyped(text: string): void;
}

export function useListState(): ListStateControls {
  const [params, setParams] = useSearchParams();
  const linked = readListState(params);
  // What the list shows: the address's, less a search too long to send.
  const state = searchTextError(linked.search) ? { ...linked, search: '' } : linked;
  // The browser's address when the router last showed this list. A navigation away moves it at once,
  // while the list stays on screen until the next page has loaded (a lazy page): the list must not
  // then move the address back. (Under a memory router, as in tests, it never moves.)
  const { key } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: read again only when the router moves.
  const shownAt = useMemo(() => window.location.pathname, [key]);

  const go = (next: Partial<ListState>, replace = false) => {
    if (window.location.pathname !== shownAt) return;
    const moved = toListParams({ ...linked, ...next });
    // A list's own filters (the platform activity's kind and days) stay as they are.
    for (const [key, value] of params) if (!LIST_KEYS.has(key)) moved.append(key, value);
    setParams(moved, { replace, preventScrollReset: true });
  };

  const [typed, setTyped] = useState(linked.search);
  const [settled] = useDebouncedValue(typed.trim(), SEARCH_DELAY_MS);
  const [lastSearch, setLastSearch] = useState(linked.search);
  if (linked.search !== lastSearch) {
    setLastSearch(linked.search);
    if (typed.trim() !== linked.search) setTyped(linked.search);
  }
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a settled change of the box moves the address.
  useEffect(() => {
    if (settled !== linked.search && !searchTextError(settled)) go({ search: settled, page: 1 }, true);
  }, [settled]);

  return { state, go, typed, setTyped };
}

/**
 * A page beyond the last (rows removed, an old link) shows the last page instead, once the list's
 * real answer (not the previous page's, kept while loading) says how many pages there are.
 */
export function useLastPageClamp(
  controls: Pick<ListStateControls, 'state' | 'go'>,
  list: { data: { total: number; pageSize: number } | undefined; isPlaceholderData: boolean },
): number {
  const { data, isPlaceholderData } = list;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const { page } = controls.state;
  // biome-ignore lint/correctness/useExhaustiveDependencies: go() is rebuilt every render.
  useEffect(() => {
    if (data && !isPlaceholderData && data.total > 0 && page > pages) controls.go({ page: pages }, true);
  }, [data, pages, page, isPlaceholderData]);
  return pages;
}
