// Placeholder until the page's own issue lands.
export function AddMemberPage() {
  return <h1>Add member</h1>;
}
