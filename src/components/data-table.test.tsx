// @vitest-environment jsdom
// A column's cell attributes come from its meta, on the cell itself: no wrapper element per row.
// Plain links in cells navigate in the app, one handler for the whole table.
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useFormat } from '#lib/i18n.tsx';
import { DataTable } from './data-table.tsx';
import { dateCellProps } from './date-cell.tsx';
import { portalTextCell } from './portal-text.tsx';

afterEach(cleanup);

const renderWithClient = (ui: ReactNode) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );

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
    renderWithClient(<Table />);
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

function PagedTable({ total, pending = false }: { total: number; pending?: boolean }) {
  const query = useQuery({
    queryKey: ['paged', total, pending],
    queryFn: () => new Promise<{ total: number; result: Row[] }>(() => {}),
    initialData: pending ? undefined : { total, result: rows },
  });
  const columns = [
    column.accessor('name', { header: 'Name' }),
    column.display({ id: 'actions', header: () => <span>Actions</span>, meta: { label: 'What to do' } }),
  ];
  return (
    <DataTable
      label="Paged"
      columns={columns}
      query={query}
      queryKey={['paged', total, pending]}
      pagination={{ page: 1, pageSize: 2, setPage: () => {}, setPageSize: () => {} }}
    />
  );
}

describe('DataTable on phones', () => {
  it("labels every cell with its column's header (or meta.label) for the card layout", () => {
    renderWithClient(<PagedTable total={2} />);
    const cells = [...screen.getByRole('table', { name: 'Paged' }).querySelectorAll('tbody td')];
    expect(cells.map((cell) => cell.getAttribute('data-label'))).toEqual(['Name', 'What to do', 'Name', 'What to do']);
  });
});

describe('DataTable honesty', () => {
  it('shows no footer while the total is unknown', () => {
    renderWithClient(<PagedTable total={0} pending />);
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).toBeNull();
    expect(screen.getByText('Loading…')).toBeTruthy();
  });

  it('says that a sort covers this page only when there are other pages', () => {
    renderWithClient(<PagedTable total={5} />);
    expect(screen.getByRole('navigation', { name: 'Pagination' }).textContent).toContain('1–2 of 5');
    expect(screen.queryByText(/Sorted within this page/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Name' }));
    expect(screen.getByText(/Sorted within this page/)).toBeTruthy();
    const names = [...screen.getByRole('table').querySelectorAll('tbody tr td:first-child')].map((c) => c.textContent);
    expect(names).toEqual(['Ana\u202E', 'Payroll']);
  });

  it('does not say so when the page holds every row', () => {
    renderWithClient(<PagedTable total={2} />);
    fireEvent.click(screen.getByRole('button', { name: 'Name' }));
    expect(screen.getByRole('columnheader', { name: 'Name' }).getAttribute('aria-sort')).toBe('ascending');
    expect(screen.queryByText(/Sorted within this page/)).toBeNull();
  });
});

function LinkTable({ onLinkIntent }: { onLinkIntent?: (link: HTMLAnchorElement) => void }) {
  const query = useQuery({
    queryKey: ['links'],
    queryFn: () => ({ total: rows.length, result: rows }),
    initialData: { total: rows.length, result: rows },
  });
  const columns = [
    column.accessor('name', {
      header: 'Name',
      cell: (info) => <a href={`/rows/${info.row.original.id}`}>{info.getValue()}</a>,
    }),
  ];
  return (
    <DataTable
      label="Links"
      columns={columns}
      query={query}
      queryKey={['links']}
      pagination={{ page: 1, pageSize: 10, setPage: () => {}, setPageSize: () => {} }}
      onLinkIntent={onLinkIntent}
    />
  );
}

function renderLinks(onLinkIntent?: (link: HTMLAnchorElement) => void) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={['/rows']}>
        <Routes>
          <Route path="/rows" element={<LinkTable onLinkIntent={onLinkIntent} />} />
          <Route path="/rows/:id" element={<h1>Row page</h1>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('DataTable links', () => {
  it('a plain link in a cell opens its page in the app', () => {
    renderLinks();
    const link = screen.getByRole('link', { name: 'Payroll' });
    // Not handled: a click with a modifier is the browser's (a new tab or window).
    expect(fireEvent.click(link, { ctrlKey: true })).toBe(true);
    expect(screen.queryByRole('heading', { name: 'Row page' })).toBeNull();
    expect(fireEvent.click(link)).toBe(false);
    expect(screen.getByRole('heading', { name: 'Row page' })).toBeTruthy();
  });

  it('tells which link is pointed at or focused', () => {
    const intent = vi.fn<(link: HTMLAnchorElement) => void>();
    renderLinks(intent);
    const link = screen.getByRole('link', { name: 'Payroll' });
    fireEvent.mouseOver(link);
    fireEvent.focus(link);
    expect(intent.mock.calls.map(([target]) => target.getAttribute('href'))).toEqual(['/rows/2', '/rows/2']);
  });
});
