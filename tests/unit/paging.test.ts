import { describe, expect, it } from 'vitest';
import { offsetForPage, pageCount, pageItems, type PageItem } from '../../src/lib/paging';

const render = (items: PageItem[]) => items.map((item) => (item.kind === 'gap' ? '…' : String(item.page + 1))).join(' ');

describe('paging maths (spec section 7)', () => {
  it('page count is total / limit rounded up; offset is page × limit', () => {
    expect(pageCount({ total: 0, limit: 10 })).toBe(0);
    expect(pageCount({ total: 10, limit: 10 })).toBe(1);
    expect(pageCount({ total: 11, limit: 10 })).toBe(2);
    expect(pageCount({ total: 2000, limit: 10 })).toBe(200);
    expect(offsetForPage(0, 10)).toBe(0);
    expect(offsetForPage(3, 10)).toBe(30);
  });
});

describe('pagination control pages (5 pages, 2 margin pages)', () => {
  it('shows every page when there are few', () => {
    expect(render(pageItems(0, 1))).toBe('1');
    expect(render(pageItems(2, 7))).toBe('1 2 3 4 5 6 7');
  });

  it('keeps two margin pages at each end and five around the current page', () => {
    expect(render(pageItems(0, 20))).toBe('1 2 3 4 5 … 19 20');
    expect(render(pageItems(9, 20))).toBe('1 2 … 8 9 10 11 12 … 19 20');
    expect(render(pageItems(19, 20))).toBe('1 2 … 16 17 18 19 20');
  });

  it('fills a gap of one page with that page instead of an ellipsis', () => {
    expect(render(pageItems(5, 20))).toBe('1 2 3 4 5 6 7 8 … 19 20');
  });

  it('shows nothing for an empty list', () => {
    expect(pageItems(0, 0)).toEqual([]);
  });
});
