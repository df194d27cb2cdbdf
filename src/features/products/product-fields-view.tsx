// "All fields": the product laid out from GET /product/definition (cached for the session).
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { productQueries } from '../../api/products.ts';
import type { Product } from '../../api/schemas/product.ts';
import { ApiErrorNotice } from '../../components/api-error-notice.tsx';
import { useLocale, useMessages } from '../../lib/i18n.tsx';
import { fieldLabel } from './field-labels.ts';
import { FieldValue } from './field-value.tsx';
import { productMessages, type ProductMessages } from './messages.ts';
import { layoutProduct, type FieldLayout, type SectionId } from './product-fields.ts';
import styles from './product-page.module.css';

function sectionTitle(id: SectionId, t: ProductMessages): string {
  const titles: Record<SectionId, string> = {
    identity: t.sectionIdentity,
    catalogue: t.sectionCatalogue,
    certificate: t.sectionCertificate,
    event: t.sectionEvent,
    texts: t.sectionTexts,
    media: t.sectionMedia,
    custom: t.sectionCustom,
    other: t.sectionOther,
  };
  return titles[id];
}

export function ProductFieldsView({ product }: { product: Product }) {
  const t = useMessages(productMessages);
  const definition = useQuery(productQueries.definition());
  const sections = useMemo(
    () => (definition.data ? layoutProduct(product, definition.data) : []),
    [product, definition.data],
  );

  return (
    <section aria-labelledby="all-fields" className={styles.block}>
      <h2 id="all-fields">{t.allFields}</h2>
      <p className={styles.muted}>{t.allFieldsIntro}</p>
      {definition.isPending && (
        <p className="page-status" role="status">
          {t.definitionLoading}
        </p>
      )}
      {definition.isError && (
        <ApiErrorNotice title={t.definitionFailed} error={definition.error} onRetry={() => void definition.refetch()} />
      )}
      <div className={styles.sections}>
        {sections.map((section) => (
          <section key={section.id} aria-labelledby={`fields-${section.id}`} className={`card ${styles.fieldCard}`}>
            <h3 id={`fields-${section.id}`}>{sectionTitle(section.id, t)}</h3>
            <dl className={styles.fields}>
              {section.fields.map((field) => (
                <FieldRow key={field.name} field={field} custom={section.id === 'custom'} />
              ))}
            </dl>
          </section>
        ))}
      </div>
    </section>
  );
}

function FieldRow({ field, custom }: { field: FieldLayout; custom: boolean }) {
  const t = useMessages(productMessages);
  const { locale } = useLocale();
  const label = fieldLabel(field.name, locale);
  const wide = typeof field.value === 'string' && field.value.length > 80;
  return (
    <div className={wide ? `${styles.field} ${styles.fieldWide}` : styles.field} data-field={field.name}>
      <dt>
        <span className={styles.fieldLabel}>
          {label ?? field.name}
          {field.editable === false && (
            <span className={styles.lock} title={t.readOnly}>
              <svg aria-hidden="true" viewBox="0 0 16 16" width="12" height="12">
                <path
                  fill="currentColor"
                  d="M4 7V5a4 4 0 1 1 8 0v2h.5A1.5 1.5 0 0 1 14 8.5v5a1.5 1.5 0 0 1-1.5 1.5h-9A1.5 1.5 0 0 1 2 13.5v-5A1.5 1.5 0 0 1 3.5 7H4Zm1.5 0h5V5a2.5 2.5 0 0 0-5 0v2Z"
                />
              </svg>
              <span className="visually-hidden"> ({t.readOnly})</span>
            </span>
          )}
        </span>
        {label && <code className={styles.apiName}>{field.name}</code>}
        {!field.inDefinition && <span className={styles.flag}>{t.notInDefinition}</span>}
        {field.inDefinition && !field.inProduct && !custom && <span className={styles.flag}>{t.notSent}</span>}
      </dt>
      <dd>
        <FieldValue field={field} label={label ?? field.name} />
      </dd>
    </div>
  );
}
