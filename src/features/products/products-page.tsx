// Placeholder until the page's own issue lands.
export function ProductsPage() {
  return <h1>Products</h1>;
}
