/** Paging rules of spec section 7: pages = ceil(total / limit); offset = page × limit. */
export function pageCount(list: { total: number; limit: number }): number {
  return list.limit > 0 ? Math.ceil(list.total / list.limit) : 0;
}

export function offsetForPage(page: number, limit: number): number {
  return page * limit;
}
