// One catalogue row: fetches its product (through the catalogue's request limiter) while it is
// on screen; a row that scrolls away before its turn is cancelled and costs nothing.
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { isApiError } from '#api/errors.ts';
import { catalogueQueries } from '#api/products.ts';
import { PortalText } from '#components/portal-text.tsx';
import { fill, useFormat, useMessages } from '#lib/i18n.tsx';
import { paths } from '#lib/paths.ts';
import { productMessages } from './messages.ts';
import { productTitle } from '#domain/product-title.ts';
import { StatusBadge, TypeBadge } from './status-badge.tsx';
import styles from './products-page.module.css';

export function CatalogueRow({ id }: { id: number }) {
  const t = useMessages(productMessages);
  const format = useFormat();
  const query = useQuery(catalogueQueries.product(id));
  const product = query.data;

  if (!product) {
    const failed = query.isError;
    const text = !failed
      ? fill(t.rowLoading, { id })
      : isApiError(query.error) && query.error.isNotFound
        ? fill(t.rowNotFound, { id })
        : fill(t.rowError, { id });
    return (
      <Link to={paths.product(id)} className={`${styles.rowLink} ${failed ? '' : styles.rowPending}`}>
        <span className={styles.rowId}>#{id}</span>
        <span className={styles.rowMain}>
          <span className={styles.rowTitle}>
            {failed ? text : <span className={styles.skeleton} aria-hidden="true" />}
          </span>
          {!failed && <span className="visually-hidden">{text}</span>}
        </span>
      </Link>
    );
  }

  const price = product.product_i18n_price_label
    ? product.product_i18n_price_label
    : typeof product.product_price === 'number'
      ? format.number(product.product_price)
      : null;
  const duration = typeof product.product_duration === 'number' ? format.duration(product.product_duration) : null;
  return (
    <Link to={paths.product(id)} className={styles.rowLink}>
      <span className={styles.rowId}>#{id}</span>
      <span className={styles.rowMain}>
        <PortalText className={styles.rowTitle}>
          {productTitle(product) ?? fill(t.productFallback, { id: product.product_id })}
        </PortalText>
        <span className={styles.rowMeta}>
          {product.product_type_id && <TypeBadge value={product.product_type_id} />}
          {product.product_status && <StatusBadge value={product.product_status} />}
          {price && <PortalText>{price}</PortalText>}
          {duration && <span>{duration}</span>}
        </span>
      </span>
    </Link>
  );
}
