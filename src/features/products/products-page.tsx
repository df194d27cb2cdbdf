// /products: open a product by id, browse the catalogue, review bundle access.
import { useMessages } from '#lib/i18n.tsx';
import { AccessTable } from './access-table.tsx';
import { Catalogue } from './catalogue.tsx';
import { productMessages } from './messages.ts';
import { OpenProductForm } from './open-product-form.tsx';
import styles from './products-page.module.css';

export function ProductsPage() {
  const t = useMessages(productMessages);
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <h1>{t.productsTitle}</h1>
        <p className={styles.intro}>{t.productsIntro}</p>
      </header>
      <div className={styles.top}>
        <section aria-labelledby="open-product" className={`card ${styles.openCard}`}>
          <h2 id="open-product">{t.openTitle}</h2>
          <OpenProductForm />
        </section>
        <section aria-labelledby="catalogue" className={`card ${styles.catalogueCard}`}>
          <h2 id="catalogue">{t.catalogueTitle}</h2>
          <p className={styles.intro}>{t.catalogueIntro}</p>
          <Catalogue />
        </section>
      </div>
      <section aria-labelledby="bundle-access">
        <h2 id="bundle-access">{t.bundleAccessTitle}</h2>
        <p className={styles.intro}>{t.bundleAccessIntro}</p>
        <AccessTable label={t.bundleAccessTitle} prefix="access" />
      </section>
    </div>
  );
}
