// "All fields": the product laid out from GET /product/definition (cached for the session).
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { productQueries } from '#api/products.ts';
import type { Product } from '#schemas/product.ts';
import { ApiErrorNotice } from '#components/api-error-notice.tsx';
import { useLocale, useMessages } from '#lib/i18n.tsx';
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
      {sections.length > 0 && <TechnicalDetails sections={sections} />}
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
        <span className={styles.fieldLabel}>{label}</span>
        {!field.inDefinition && <span className={styles.flag}>{t.notInDefinition}</span>}
        {field.inDefinition && !field.inProduct && !custom && <span className={styles.flag}>{t.notSent}</span>}
      </dt>
      <dd>
        <FieldValue field={field} label={label} />
      </dd>
    </div>
  );
}

/** The API name of every field shown, folded away: for integrations and support, not for reading. */
function TechnicalDetails({ sections }: { sections: readonly { fields: readonly FieldLayout[] }[] }) {
  const t = useMessages(productMessages);
  const { locale } = useLocale();
  return (
    <details className={styles.technical}>
      <summary>{t.technicalDetails}</summary>
      <p className={styles.muted}>{t.technicalIntro}</p>
      <dl className={styles.technicalList}>
        {sections.flatMap((section) =>
          section.fields.map((field) => (
            <div key={field.name}>
              <dt>{fieldLabel(field.name, locale)}</dt>
              <dd>
                <code>{field.name}</code>
              </dd>
            </div>
          )),
        )}
      </dl>
    </details>
  );
}
