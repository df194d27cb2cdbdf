// /products/:id: one product, its availability groups, its bundle access and every field.
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { productQueries } from '#api/products.ts';
import type { Product } from '#schemas/product.ts';
import { NotFound } from '#components/not-found.tsx';
import { RecordStates } from '#components/record-states.tsx';
import { fill, useMessages } from '#lib/i18n.tsx';
import { paths } from '#lib/paths.ts';
import { useRouteId } from '#lib/record-id.ts';
import { AccessTable } from './access-table.tsx';
import { AvailabilityTable } from './availability-table.tsx';
import { TextValue } from './field-value.tsx';
import { productMessages } from './messages.ts';
import { ProductFieldsView } from './product-fields-view.tsx';
import { ProductHero } from './product-hero.tsx';
import styles from './product-page.module.css';

export function ProductPage() {
  const t = useMessages(productMessages);
  const { raw, id } = useRouteId();
  if (id === null) return <NotFound title={t.invalidTitle} body={fill(t.invalidBody, { id: raw })} />;
  return <ProductView key={id} id={id} />;
}

function ProductView({ id }: { id: number }) {
  const t = useMessages(productMessages);
  const options = productQueries.detail(id);
  const query = useQuery(options);
  return (
    <RecordStates
      query={query}
      queryKey={options.queryKey}
      loading={t.loadingProduct}
      errorTitle={fill(t.productNumber, { id })}
      notFound={<NotFound title={fill(t.notFoundTitle, { id })} body={fill(t.notFoundBody, { id })} />}
    >
      {(product) => <ProductDetails product={product} />}
    </RecordStates>
  );
}

function ProductDetails({ product }: { product: Product }) {
  const t = useMessages(productMessages);
  const description = product.product_i18n_description;
  const learn = product.product_i18n_learn;
  return (
    <article className={styles.page}>
      <Link to={paths.products()} className={styles.back}>
        <span aria-hidden="true">← </span>
        {t.allProducts}
      </Link>
      <ProductHero product={product} />
      {(description || learn) && (
        <div className={styles.texts}>
          {description && (
            <section aria-labelledby="product-description" className={`card ${styles.textCard}`}>
              <h2 id="product-description">{t.description}</h2>
              <TextValue name="product_i18n_description" text={description} label={t.description} />
            </section>
          )}
          {learn && (
            <section aria-labelledby="product-learn" className={`card ${styles.textCard}`}>
              <h2 id="product-learn">{t.learn}</h2>
              <TextValue name="product_i18n_learn" text={learn} label={t.learn} />
            </section>
          )}
        </div>
      )}
      <section aria-labelledby="product-availability" className={styles.block}>
        <h2 id="product-availability">{t.availabilityTitle}</h2>
        <AvailabilityTable productId={product.product_id} />
      </section>
      {product.product_type_id === 'bundle' && (
        <section aria-labelledby="product-access" className={styles.block}>
          <h2 id="product-access">{t.accessTitle}</h2>
          <AccessTable label={t.accessTitle} prefix="access" bundleId={product.product_id} />
        </section>
      )}
      <ProductFieldsView product={product} />
    </article>
  );
}
