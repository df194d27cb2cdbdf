// Placeholder until the page's own issue lands.
export function UserPage() {
  return <h1>User</h1>;
}
