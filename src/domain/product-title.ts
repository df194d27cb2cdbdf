import type { Product } from '#schemas/product.ts';

/**
 * What a product is called: `product_i18n_title`, else `product_key` (either trimmed), else null
 * so that the caller says "Product 12" in its language. The one rule of every page.
 */
export function productTitle(product: Pick<Product, 'product_i18n_title' | 'product_key'>): string | null {
  return product.product_i18n_title?.trim() || product.product_key?.trim() || null;
}
