// The top of a product page: title, badges, summary, image and the key facts.
import { useState } from 'react';
import { componentMessages } from '#components/messages.ts';
import { PortalText } from '#components/portal-text.tsx';
import type { Product } from '#schemas/product.ts';
import { fill, useFormat, useLocale, useMessages, type Locale } from '#lib/i18n.tsx';
import { TextValue } from './field-value.tsx';
import { productMessages } from './messages.ts';
import { isWebUrl } from './product-fields.ts';
import { productTitle } from '#domain/product-title.ts';
import { StatusBadge, TypeBadge } from './status-badge.tsx';
import styles from './product-page.module.css';

export function ProductHero({ product }: { product: Product }) {
  const t = useMessages(productMessages);
  const title = productTitle(product) ?? fill(t.productFallback, { id: product.product_id });
  const number = fill(t.productNumber, { id: product.product_id });
  const summary = typeof product.product_i18n_summary === 'string' ? product.product_i18n_summary : null;
  return (
    <header className={styles.hero}>
      <div className={styles.heroText}>
        {title !== number && (
          <p className={styles.eyebrow}>
            {number}
            {product.product_key && product.product_i18n_title && (
              <>
                {' · '}
                <code>
                  <PortalText>{product.product_key}</PortalText>
                </code>
              </>
            )}
          </p>
        )}
        <h1 className={styles.title}>
          <PortalText>{title}</PortalText>
        </h1>
        {(product.product_type_id || product.product_status) && (
          <div className={styles.badges}>
            {product.product_type_id && <TypeBadge value={product.product_type_id} labelled />}
            {product.product_status && <StatusBadge value={product.product_status} labelled />}
          </div>
        )}
        {summary && (
          <div className={styles.summary}>
            <TextValue name="product_i18n_summary" text={summary} label={t.summary} />
          </div>
        )}
      </div>
      <ProductImage url={product.product_image_full_url ?? null} title={title} />
      <ProductFacts product={product} />
    </header>
  );
}

function ProductImage({ url, title }: { url: string | null; title: string }) {
  const t = useMessages(productMessages);
  const [failed, setFailed] = useState(false);
  // Only web addresses are loaded; a broken image disappears instead of showing a broken icon.
  if (!url || !isWebUrl(url) || failed) return null;
  return (
    <div className={styles.imageFrame}>
      <img
        className={styles.image}
        src={url}
        alt={fill(t.imageAlt, { title })}
        referrerPolicy="no-referrer"
        decoding="async"
        onError={() => setFailed(true)}
      />
    </div>
  );
}

function languageName(code: string, locale: Locale): string {
  try {
    const name = new Intl.DisplayNames([locale], { type: 'language' }).of(code);
    // French language names come in lower case ("français"): a fact starts with a capital.
    return name && name !== code ? `${name.charAt(0).toLocaleUpperCase(locale)}${name.slice(1)} (${code})` : code;
  } catch {
    return code;
  }
}

function ProductFacts({ product }: { product: Product }) {
  const t = useMessages(productMessages);
  const shared = useMessages(componentMessages);
  const format = useFormat();
  const { locale } = useLocale();
  const notSet = <span className={styles.notSet}>{shared.notSet}</span>;

  const price = product.product_i18n_price_label ? (
    <TextValue name="product_i18n_price_label" text={product.product_i18n_price_label} label={t.price} />
  ) : typeof product.product_price === 'number' ? (
    format.number(product.product_price)
  ) : null;
  const duration = typeof product.product_duration === 'number' ? format.duration(product.product_duration) : null;
  const start = product.product_event_date ?? null;
  const end = product.product_event_end_date ?? null;
  const dates = start
    ? end
      ? fill(t.eventRange, { start: format.dateTime(start), end: format.dateTime(end) })
      : fill(t.eventFrom, { start: format.dateTime(start) })
    : null;
  const language = product.product_i18n_language_id ? languageName(product.product_i18n_language_id, locale) : null;

  const facts = [
    { key: 'price', label: t.price, value: price },
    { key: 'duration', label: t.duration, value: duration },
    { key: 'dates', label: t.eventDates, value: dates },
    { key: 'language', label: t.language, value: language },
  ];
  return (
    <dl className={styles.facts}>
      {facts.map((fact) => (
        <div key={fact.key} className={styles.fact}>
          <dt>{fact.label}</dt>
          <dd>{fact.value ?? notSet}</dd>
        </div>
      ))}
    </dl>
  );
}
