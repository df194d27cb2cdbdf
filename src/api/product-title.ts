import type { Product } from '../../api/schemas/product.ts';
import { fill } from '../../lib/i18n.tsx';
import type { ProductMessages } from './messages.ts';

/** `product_i18n_title`, else `product_key`, else "Product 12". */
export function productTitle(product: Product, t: ProductMessages): string {
  return product.product_i18n_title?.trim() || product.product_key?.trim() || fill(t.productFallback, { id: product.product_id });
}
