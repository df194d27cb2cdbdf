// The filters, kept in the URL: a product (combobox over the products met), product type and
// status (in the reader's words), and a range of completion dates.
import { useId, useState } from 'react';
import type { ReportProduct } from '#schemas/progress-report.ts';
import { Button } from '#components/button.tsx';
import { Field } from '#components/field.tsx';
import { productTypeLabel, productValueMessages, statusLabel } from '#components/product-values.ts';
import { useMessages } from '#lib/i18n.tsx';
import type { ProgressFilter } from './aggregate.ts';
import { productTitle } from './labels.ts';
import { progressMessages } from './messages.ts';
import type { ProgressParam } from './progress-params.ts';
import styles from './progress.module.css';

interface Props {
  products: ReportProduct[];
  filter: ProgressFilter;
  update: (changes: Partial<Record<ProgressParam, string | undefined>>) => void;
}

const distinct = (values: (string | null)[]) =>
  [...new Set(values.filter((v): v is string => v !== null && v !== ''))].sort();

export function FilterBar({ products, filter, update }: Props) {
  const t = useMessages(progressMessages);
  const words = useMessages(productValueMessages);
  const id = useId();
  // Each option names its product once, even when two share a title.
  const optionOf = (p: ReportProduct) => `${productTitle(p, t)} (#${p.product_id})`;
  const chosen = products.find((p) => p.product_id === filter.productId);
  const [text, setText] = useState(chosen ? optionOf(chosen) : '');
  const typed = text.trim();
  const match = products.find((p) => optionOf(p) === typed) ?? products.find((p) => productTitle(p, t) === typed);
  const unknown = typed !== '' && !match;

  const choose = (value: string) => {
    setText(value);
    const trimmed = value.trim();
    const product =
      products.find((p) => optionOf(p) === trimmed) ?? products.find((p) => productTitle(p, t) === trimmed);
    if (trimmed === '') update({ product: undefined });
    else if (product) update({ product: String(product.product_id) });
  };

  return (
    <section aria-labelledby={`${id}-title`} className={styles.filters}>
      <h2 id={`${id}-title`}>{t.filtersTitle}</h2>
      <div className={styles.filterFields}>
        <Field
          label={t.product}
          hint={unknown ? undefined : t.productHint}
          error={unknown ? t.productUnknown : undefined}
        >
          {(control) => (
            <input
              {...control}
              list={`${id}-products`}
              value={text}
              onChange={(event) => choose(event.target.value)}
              autoComplete="off"
            />
          )}
        </Field>
        <datalist id={`${id}-products`}>
          {products.map((p) => (
            <option key={p.product_id} value={optionOf(p)} />
          ))}
        </datalist>
        <Choice
          label={t.productType}
          all={t.all}
          options={distinct(products.map((p) => p.type))}
          word={(type) => productTypeLabel(type, words)}
          value={filter.type}
          onChange={(type) => update({ type })}
        />
        <Choice
          label={t.productStatus}
          all={t.all}
          options={distinct(products.map((p) => p.status))}
          word={(status) => statusLabel(status, words)}
          value={filter.status}
          onChange={(status) => update({ status })}
        />
        <Field label={t.completedFrom}>
          {(control) => (
            <input
              {...control}
              type="date"
              value={filter.from ?? ''}
              max={filter.to}
              onChange={(event) => update({ from: event.target.value || undefined })}
            />
          )}
        </Field>
        <Field label={t.completedTo}>
          {(control) => (
            <input
              {...control}
              type="date"
              value={filter.to ?? ''}
              min={filter.from}
              onChange={(event) => update({ to: event.target.value || undefined })}
            />
          )}
        </Field>
      </div>
      <Button
        kind="quiet"
        onClick={() => {
          setText('');
          update({ product: undefined, type: undefined, status: undefined, from: undefined, to: undefined });
        }}
      >
        {t.clearFilters}
      </Button>
    </section>
  );
}

/** A select of coded values, each shown in the reader's words; the code stays the URL's value. */
function Choice(props: {
  label: string;
  all: string;
  options: string[];
  word: (value: string) => string;
  value: string | undefined;
  onChange: (value: string | undefined) => void;
}) {
  return (
    <Field label={props.label}>
      {(control) => (
        <select
          {...control}
          value={props.value ?? ''}
          onChange={(event) => props.onChange(event.target.value || undefined)}
        >
          <option value="">{props.all}</option>
          {props.options.map((option) => (
            <option key={option} value={option}>
              {props.word(option)}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
