// Placeholder until the page's own issue lands.
export function GroupPage() {
  return <h1>Group</h1>;
}
