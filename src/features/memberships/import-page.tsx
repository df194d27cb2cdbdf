// Placeholder until the page's own issue lands.
export function ImportPage() {
  return <h1>Import members</h1>;
}
