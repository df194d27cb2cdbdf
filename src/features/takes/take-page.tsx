// Placeholder until the page's own issue lands.
export function TakePage() {
  return <h1>Take</h1>;
}
