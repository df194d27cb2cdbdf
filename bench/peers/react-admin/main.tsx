// The react-admin peer of bench/peers.ts: the groups list at 50 rows as a react-admin developer
// would write it: <Admin> with its layout (app bar, menu), a <List> with a search filter and its
// pager, a <Datagrid> of the dashboard's six columns (name and parent linked, the same date
// format). Its data provider sends the dashboard's request body; the benchmark answers it from
// the same fixture as the dashboard and the hand-written page.
import { createRoot } from 'react-dom/client';
import {
  Admin,
  Datagrid,
  DateField,
  FunctionField,
  List,
  Resource,
  TextField,
  TextInput,
  type DataProvider,
} from 'react-admin';

interface Group {
  id: number;
  grp_id: number;
  grp_name: string;
  grp_parent_id: number | null;
  grp_external_id: string | null;
  grp_external_name: string | null;
  grp_updated_date: string | null;
}

const unsupported = () => Promise.reject(new Error('Not used by the benchmark.'));

const dataProvider = {
  getList: async (_resource, params) => {
    const { page = 1, perPage = 50 } = params.pagination ?? {};
    const response = await fetch('/api/grp/get_all', {
      method: 'POST',
      headers: { Authorization: localStorage.getItem('lp.token') ?? '', 'Content-Type': 'application/json' },
      body: JSON.stringify({ start: (page - 1) * perPage, limit: perPage, criterias: [] }),
    });
    if (!response.ok) throw new Error(`POST /api/grp/get_all: ${response.status}`);
    const body = (await response.json()) as { result: Omit<Group, 'id'>[]; total?: number };
    const data = body.result.map((group) => ({ ...group, id: group.grp_id }));
    return { data, total: body.total ?? data.length } as never;
  },
  getOne: unsupported,
  getMany: unsupported,
  getManyReference: unsupported,
  create: unsupported,
  update: unsupported,
  updateMany: unsupported,
  delete: unsupported,
  deleteMany: unsupported,
} satisfies DataProvider;

const filters = [<TextInput key="q" source="q" label="Search" alwaysOn />];

const GroupList = () => (
  <List perPage={50} filters={filters} title="Groups">
    <Datagrid bulkActionButtons={false} rowClick={false}>
      <FunctionField
        label="Name"
        render={(group: Group) => <a href={`#/groups/${group.grp_id}/show`}>{group.grp_name}</a>}
      />
      <TextField source="grp_id" label="Id" />
      <FunctionField
        label="Parent"
        render={(group: Group) =>
          group.grp_parent_id ? (
            <a href={`#/groups/${group.grp_parent_id}/show`}>{group.grp_parent_id}</a>
          ) : (
            'None (root)'
          )
        }
      />
      <TextField source="grp_external_id" label="External id" emptyText="—" />
      <TextField source="grp_external_name" label="External name" emptyText="—" />
      <DateField
        source="grp_updated_date"
        label="Updated"
        locales="en"
        options={{ dateStyle: 'medium' }}
        emptyText="—"
      />
    </Datagrid>
  </List>
);

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <Admin dataProvider={dataProvider} disableTelemetry>
      <Resource name="groups" list={GroupList} />
    </Admin>,
  );
}
