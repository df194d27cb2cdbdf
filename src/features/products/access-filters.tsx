// Filters of the bundle access table: user id and bundle id, each an `equal` criteria.
import { useState, type FormEvent } from 'react';
import { Button } from '#components/button.tsx';
import { Field } from '#components/field.tsx';
import { useMessages } from '#lib/i18n.tsx';
import { parseRecordId } from '#lib/record-id.ts';
import { productMessages } from './messages.ts';
import styles from './products-page.module.css';

interface Props {
  filters: Record<string, string>;
  onChange: (filters: Record<string, string>) => void;
}

export function AccessFilters({ filters, onChange }: Props) {
  // Remount on a URL change (back, forward) so the inputs show the filters in force.
  const key = `${filters.product_access_user_id ?? ''}|${filters.product_access_product_id ?? ''}`;
  return <FilterForm key={key} filters={filters} onChange={onChange} />;
}

function FilterForm({ filters, onChange }: Props) {
  const t = useMessages(productMessages);
  const [userId, setUserId] = useState(filters.product_access_user_id ?? '');
  const [bundleId, setBundleId] = useState(filters.product_access_product_id ?? '');
  const [submitted, setSubmitted] = useState(false);
  const userInvalid = submitted && userId.trim() !== '' && parseRecordId(userId.trim()) === null;
  const bundleInvalid = submitted && bundleId.trim() !== '' && parseRecordId(bundleId.trim()) === null;
  const active = Object.keys(filters).length > 0;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const user = userId.trim();
    const bundle = bundleId.trim();
    if ((user && parseRecordId(user) === null) || (bundle && parseRecordId(bundle) === null)) return;
    onChange({ product_access_user_id: user, product_access_product_id: bundle });
  };

  return (
    <form className={styles.filters} onSubmit={submit} noValidate>
      <IdField label={t.filterUserId} value={userId} onChange={setUserId} error={userInvalid ? t.wholeNumber : null} />
      <IdField
        label={t.filterBundleId}
        value={bundleId}
        onChange={setBundleId}
        error={bundleInvalid ? t.wholeNumber : null}
      />
      <div className={styles.filterButtons}>
        <Button kind="primary" type="submit">
          {t.applyFilters}
        </Button>
        {active && (
          <Button kind="quiet" onClick={() => onChange({})}>
            {t.clearFilters}
          </Button>
        )}
      </div>
    </form>
  );
}

function IdField(props: { label: string; value: string; onChange: (value: string) => void; error: string | null }) {
  return (
    <Field label={props.label} error={props.error}>
      {(control) => (
        <input
          {...control}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          value={props.value}
          onChange={(event) => props.onChange(event.target.value)}
        />
      )}
    </Field>
  );
}
