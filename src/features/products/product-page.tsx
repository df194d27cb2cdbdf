// Placeholder until the page's own issue lands.
export function ProductPage() {
  return <h1>Product</h1>;
}
