// Placeholder until the page's own issue lands.
export function GroupsPage() {
  return <h1>Groups</h1>;
}
