// The hand-written baseline of bench/first-data.ts: the groups table at 50 rows with React,
// TanStack Query and TanStack Table, and nothing else (no router, no shell, no i18n). It asks
// for the same page with the same request body as the dashboard's table and parses it with the
// same schema; the benchmark answers it from the same fixture.
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { createColumnHelper, flexRender, getCoreRowModel, useReactTable } from '@tanstack/react-table';
import { createRoot } from 'react-dom/client';
import { listEnvelopeSchema } from '#schemas/envelope.ts';
import { grpSchema, type Grp } from '#schemas/grp.ts';
import './style.css';

const envelope = listEnvelopeSchema(grpSchema);
const dateFormat = new Intl.DateTimeFormat('en', { dateStyle: 'medium' });
const column = createColumnHelper<Grp>();
const columns = [
  column.accessor('grp_name', {
    header: 'Name',
    cell: (info) => <a href={`/groups/${info.row.original.grp_id}`}>{info.getValue()}</a>,
  }),
  column.accessor('grp_id', { header: 'Id' }),
  column.accessor('grp_parent_id', {
    header: 'Parent',
    cell: (info) => {
      const parent = info.getValue();
      return parent === null || parent === 0 ? (
        <span className="muted">None (root)</span>
      ) : (
        <a href={`/groups/${parent}`}>{parent}</a>
      );
    },
  }),
  column.accessor('grp_external_id', { header: 'External id', cell: (info) => info.getValue() ?? '—' }),
  column.accessor('grp_external_name', { header: 'External name', cell: (info) => info.getValue() ?? '—' }),
  column.accessor('grp_updated_date', {
    header: 'Updated',
    cell: (info) => {
      const value = info.getValue();
      return value ? dateFormat.format(new Date(value)) : '—';
    },
  }),
];

async function fetchGroups() {
  const response = await fetch('/api/grp/get_all', {
    method: 'POST',
    headers: { Authorization: localStorage.getItem('lp.token') ?? '', 'Content-Type': 'application/json' },
    body: JSON.stringify({ start: 0, limit: 50, criterias: [] }),
  });
  if (!response.ok) throw new Error(`POST /api/grp/get_all: ${response.status}`);
  return envelope.parse(await response.json());
}

function GroupsTable() {
  const query = useQuery({ queryKey: ['groups', 0, 50], queryFn: fetchGroups });
  const table = useReactTable({
    data: query.data?.result ?? [],
    columns,
    getCoreRowModel: getCoreRowModel(),
    getRowId: (group) => String(group.grp_id),
  });
  return (
    <main>
      <h1>Groups</h1>
      <table>
        <caption>All groups</caption>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => (
                <th key={header.id} scope="col">
                  {flexRender(header.column.columnDef.header, header.getContext())}
                </th>
              ))}
            </tr>
          ))}
        </thead>
        <tbody>
          {table.getRowModel().rows.map((row) => (
            <tr key={row.id}>
              {row.getVisibleCells().map((cell) => (
                <td key={cell.id}>{flexRender(cell.column.columnDef.cell, cell.getContext())}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {query.isError && <p role="alert">{String(query.error)}</p>}
    </main>
  );
}

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <QueryClientProvider client={new QueryClient()}>
      <GroupsTable />
    </QueryClientProvider>,
  );
}
