// Placeholder until the page's own issue lands.
export function UsersPage() {
  return <h1>Users</h1>;
}
