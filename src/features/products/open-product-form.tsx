// "Product ID" + "Open": the API has no product list, so a product is reached by its id.
import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useMessages } from '#lib/i18n.tsx';
import { paths } from '#lib/paths.ts';
import { parseRecordId } from '#lib/record-id.ts';
import { productMessages } from './messages.ts';
import styles from './products-page.module.css';

export function OpenProductForm() {
  const t = useMessages(productMessages);
  const navigate = useNavigate();
  const id = useId();
  const [text, setText] = useState('');
  const [invalid, setInvalid] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const productId = parseRecordId(text.trim());
    setInvalid(productId === null);
    if (productId !== null) void navigate(paths.product(productId));
  };

  const describedBy = invalid ? `${id}-hint ${id}-error` : `${id}-hint`;
  return (
    <form className={styles.openForm} onSubmit={submit} noValidate>
      <div className="field">
        <label htmlFor={id}>{t.productIdLabel}</label>
        <div className={styles.openRow}>
          <input
            id={id}
            type="text"
            inputMode="numeric"
            autoComplete="off"
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              if (invalid) setInvalid(false);
            }}
            aria-invalid={invalid || undefined}
            aria-describedby={describedBy}
          />
          <button type="submit" className="button button-primary">
            {t.open}
          </button>
        </div>
        <p id={`${id}-hint`} className="hint">
          {t.productIdHint}
        </p>
        {invalid && (
          <p id={`${id}-error`} className="field-error" role="alert">
            {t.productIdInvalid}
          </p>
        )}
      </div>
    </form>
  );
}
