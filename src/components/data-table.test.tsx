// @vitest-environment jsdom
// A column's cell attributes come from its meta, on the cell itself: no wrapper element per row.
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useFormat } from '../lib/i18n.tsx';
import { DataTable } from './data-table.tsx';
import { dateCellProps } from './date-cell.tsx';
import { portalTextCell } from './portal-text.tsx';

afterEach(cleanup);

interface Row {
  id: number;
  name: string;
  updated: string | null;
}

const RLO = '\u202E';
const rows: Row[] = [
  { id: 1, name: `Ana${RLO}`, updated: '2026-03-05T14:07:00Z' },
  { id: 2, name: 'Payroll', updated: null },
];
const column = createColumnHelper<Row>();

function Table() {
  const format = useFormat();
  const query = useQuery({
    queryKey: ['rows'],
    queryFn: () => ({ total: rows.length, result: rows }),
    initialData: { total: rows.length, result: rows },
  });
  const columns = [
    column.accessor('name', { header: 'Name', meta: { cellProps: () => portalTextCell } }),
    column.accessor('updated', {
      header: 'Updated',
      meta: { cellProps: dateCellProps(format) },
      cell: (info) => format.date(info.getValue()),
    }),
  ];
  return (
    <DataTable
      label="Rows"
      columns={columns}
      query={query}
      queryKey={['rows']}
      pagination={{ page: 1, pageSize: 10, setPage: () => {}, setPageSize: () => {} }}
      getRowId={(row) => String(row.id)}
    />
  );
}

describe('DataTable cells', () => {
  it('carry their column meta attributes themselves and hold the text directly', () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <Table />
      </QueryClientProvider>,
    );
    const table = screen.getByRole('table', { name: 'Rows' });
    const [nameCell, dateCell] = [...table.querySelectorAll('tbody tr:first-child td')];
    // Portal text: isolated by the cell (its own paragraph, direction from the text), no <bdi>.
    expect(nameCell?.getAttribute('dir')).toBe('auto');
    expect(nameCell?.className).toBe(portalTextCell.className);
    expect(nameCell?.childNodes).toHaveLength(1);
    expect(nameCell?.firstChild?.nodeType).toBe(Node.TEXT_NODE);
    expect(nameCell?.textContent).toBe(`Ana${RLO}`);
    // A date: the day as text, the date and time as the cell's title once the pointer is on it.
    expect(dateCell?.textContent).toBe('Mar 5, 2026');
    fireEvent.mouseEnter(dateCell!);
    expect(dateCell?.getAttribute('title')).toMatch(/Mar 5, 2026.*\d:\d\d/);
    expect(dateCell?.children).toHaveLength(0);
    expect(table.querySelectorAll('tbody tr:nth-child(2) td')[1]?.textContent).toBe('—');
  });
});
