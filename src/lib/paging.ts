/** Paging rules of spec section 7: pages = ceil(total / limit); offset = page × limit. */
export function pageCount(list: { total: number; limit: number }): number {
  return list.limit > 0 ? Math.ceil(list.total / list.limit) : 0;
}

export function offsetForPage(page: number, limit: number): number {
  return page * limit;
}

export type PageItem = { kind: 'page'; page: number } | { kind: 'gap'; key: string };

/**
 * The pages a pagination control shows (spec section 2: 5 pages and 2 margin pages by default):
 * the first and last `margin` pages, a window of `pages` around the current one, and gaps where
 * pages are left out. Pages are 0-based, like offsets (offset = page × limit).
 */
export function pageItems(current: number, count: number, pages = 5, margin = 2): PageItem[] {
  if (count <= 0) return [];
  const shown = new Set<number>();
  for (let page = 0; page < Math.min(margin, count); page++) shown.add(page);
  for (let page = Math.max(0, count - margin); page < count; page++) shown.add(page);
  const half = Math.floor(pages / 2);
  let start = Math.max(0, Math.min(current - half, count - pages));
  const end = Math.min(count, start + pages);
  start = Math.max(0, end - pages);
  for (let page = start; page < end; page++) shown.add(page);

  const items: PageItem[] = [];
  let previous = -1;
  for (const page of [...shown].sort((a, b) => a - b)) {
    if (page - previous === 2) items.push({ kind: 'page', page: previous + 1 });
    else if (page - previous > 2) items.push({ kind: 'gap', key: `gap-${previous}` });
    items.push({ kind: 'page', page });
    previous = page;
  }
  return items;
}
