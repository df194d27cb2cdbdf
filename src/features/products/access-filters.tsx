// Filters of the bundle access table: user id and bundle id, each an `equal` criteria.
import { useId, useState, type FormEvent } from 'react';
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
  const id = useId();
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
      <div className="field">
        <label htmlFor={`${id}-user`}>{t.filterUserId}</label>
        <input
          id={`${id}-user`}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          value={userId}
          onChange={(event) => setUserId(event.target.value)}
          aria-invalid={userInvalid || undefined}
          aria-describedby={userInvalid ? `${id}-user-error` : undefined}
        />
        {userInvalid && (
          <p id={`${id}-user-error`} className="field-error">
            {t.wholeNumber}
          </p>
        )}
      </div>
      <div className="field">
        <label htmlFor={`${id}-bundle`}>{t.filterBundleId}</label>
        <input
          id={`${id}-bundle`}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          value={bundleId}
          onChange={(event) => setBundleId(event.target.value)}
          aria-invalid={bundleInvalid || undefined}
          aria-describedby={bundleInvalid ? `${id}-bundle-error` : undefined}
        />
        {bundleInvalid && (
          <p id={`${id}-bundle-error`} className="field-error">
            {t.wholeNumber}
          </p>
        )}
      </div>
      <div className={styles.filterButtons}>
        <button type="submit" className="button button-primary">
          {t.applyFilters}
        </button>
        {active && (
          <button type="button" className="button button-quiet" onClick={() => onChange({})}>
            {t.clearFilters}
          </button>
        )}
      </div>
    </form>
  );
}
