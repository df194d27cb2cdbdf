import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { catalogueQueries } from '#api/products.ts';
import { PortalText } from '#components/portal-text.tsx';
import { fill, useMessages } from '#lib/i18n.tsx';
import { paths } from '#lib/paths.ts';
import { productMessages } from './messages.ts';
import { productTitle } from '#domain/product-title.ts';

/** A link to a product's page, named by its title once loaded (through the catalogue's limiter). */
export function ProductLink({ productId }: { productId: number }) {
  const t = useMessages(productMessages);
  const query = useQuery(catalogueQueries.product(productId));
  return (
    <Link to={paths.product(productId)}>
      <PortalText>{(query.data && productTitle(query.data)) ?? fill(t.productFallback, { id: productId })}</PortalText>
    </Link>
  );
}
