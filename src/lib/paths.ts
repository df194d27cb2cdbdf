// Every address of the dashboard in one place: the router's patterns, and typed builders for
// links and navigations (`paths.group(12)`), so that no page writes a path by hand.

export const routes = {
  home: '/',
  login: '/login',
  groups: '/groups',
  group: '/groups/:id',
  groupProgress: '/groups/:id/progress',
  users: '/users',
  user: '/users/:id',
  take: '/takes/:id',
  products: '/products',
  product: '/products/:id',
  addMember: '/memberships/new',
  importMembers: '/memberships/import',
  addPeople: '/memberships/add-people',
  history: '/history',
  addPeopleList: '/people/add',
  settings: '/settings',
  jobs: '/jobs',
  job: '/jobs/:id',
  access: '/access',
  invitation: '/invitation',
} as const;

type Query = Record<string, string | number | undefined>;

/** The path with `?key=value` for each defined value. */
function withQuery(path: string, query: Query): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value));
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

// Template strings rather than react-router's generatePath (0.3 KB on the first page);
// paths.test.ts checks that every builder matches its pattern.
export const paths = {
  /** The overview, where sign-in lands. */
  home: () => routes.home,
  login: () => routes.login,
  /** The groups page: the tree (open on `group`), or the table. */
  groups: (query: { group?: number; view?: 'table' } = {}) => withQuery(routes.groups, query),
  group: (id: number) => `/groups/${id}`,
  /** The progress report of a group (filters: progress-params.ts). */
  groupProgress: (id: number) => `/groups/${id}/progress`,
  users: () => routes.users,
  user: (id: number) => `/users/${id}`,
  take: (id: number) => `/takes/${id}`,
  products: () => routes.products,
  product: (id: number) => `/products/${id}`,
  /** The add form, with a group and/or a person chosen beforehand. */
  addMember: (preset: { grp?: number; user?: number } = {}) => withQuery(routes.addMember, preset),
  /** The import, with a group chosen beforehand, or open on its job on the dashboard server. */
  importMembers: (preset: { grp?: number; job?: string } = {}) => withQuery(routes.importMembers, preset),
  /**
   * People added to a group of the administrator's choice: the members of group `copy` (a copy
   * of a group), or the people of the route state (a bulk action on members: the ids never go in
   * the URL); `job`: the job on the dashboard server that adds them.
   */
  addPeople: (preset: { copy?: number; job?: string } = {}) => withQuery(routes.addPeople, preset),
  history: () => routes.history,
  /** "Add your people list": identifiers the dashboard server looks up for its directory. */
  addPeopleList: () => routes.addPeopleList,
  settings: () => routes.settings,
  /** The jobs of the dashboard server (imports, bulk adds, copies, exports), newest first. */
  jobs: () => routes.jobs,
  job: (id: string) => `/jobs/${encodeURIComponent(id)}`,
  /** Accounts mode: the people with access to the organisation (admins only). */
  access: () => routes.access,
  /** Accounts mode: where an invitation link leads; its token is in the fragment, never sent to a server. */
  invitation: () => routes.invitation,
};
