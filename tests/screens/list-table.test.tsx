import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ListTable, type ListColumn } from '../../src/screens/shared/list-table';

/**
 * The one table of the list screens (decision 040). How its rows turn into cards on a phone is CSS
 * (jsdom lays nothing out): tests/e2e/phone-lists.e2e.ts measures that in Chromium. Here: what a
 * screen reader gets at any width.
 */
afterEach(() => cleanup());

const columns: ListColumn[] = [
  { label: 'Truck', place: 'title', rowHeader: true },
  { label: 'Plate', place: 'fact' },
  { label: 'Capacity', place: 'fact', numeric: true },
  { label: 'Status', place: 'status' },
  { label: 'Actions', place: 'actions', labelHidden: true },
];

function renderTable(footer?: React.ReactNode) {
  render(
    <ListTable label="Trucks of the store" regionLabel="Trucks, scrollable" columns={columns} testId="trucks-table" footer={footer}>
      <tr>
        <th scope="row">Van 1</th>
        <td>4821 LKM</td>
        <td>40 packages</td>
        <td>Active</td>
        <td>Edit · Delete</td>
      </tr>
    </ListTable>,
  );
}

describe('ListTable', () => {
  it('is a named table in a named region the keyboard can reach, its header row drawn from the columns', () => {
    renderTable();
    const region = screen.getByRole('region', { name: 'Trucks, scrollable' });
    expect(region.tabIndex).toBe(0);
    const table = within(region).getByRole('table', { name: 'Trucks of the store' });
    expect(table.dataset.testid).toBe('trucks-table');
    const headers = within(table).getAllByRole('columnheader');
    expect(headers.map((header) => header.textContent)).toEqual(['Truck', 'Plate', 'Capacity', 'Status', 'Actions']);
  });

  it("keeps the actions column's name for screen readers only, and the rows as the screen wrote them", () => {
    renderTable();
    const actions = screen.getAllByRole('columnheader')[4]!;
    // Visually hidden: the name is in a clipped span, not the cell's own text box.
    expect(actions.querySelector('span')?.textContent).toBe('Actions');
    expect(screen.getByRole('rowheader', { name: 'Van 1' })).toBeTruthy();
    expect(screen.getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['4821 LKM', '40 packages', 'Active', 'Edit · Delete']);
  });

  it('puts totals in a footer when given', () => {
    renderTable(
      <tr>
        <th scope="row">Totals</th>
        <td>1</td>
        <td>40</td>
        <td>—</td>
        <td>—</td>
      </tr>,
    );
    const footer = screen.getByRole('table').querySelector('tfoot');
    expect(footer?.textContent).toBe('Totals140——');
  });
});
