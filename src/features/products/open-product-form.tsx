// "Product ID" + "Open": the API has no product list, so a product is reached by its id.
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '#components/button.tsx';
import { Field } from '#components/field.tsx';
import { useMessages } from '#lib/i18n.tsx';
import { paths } from '#lib/paths.ts';
import { parseRecordId } from '#lib/record-id.ts';
import { productMessages } from './messages.ts';
import styles from './products-page.module.css';

export function OpenProductForm() {
  const t = useMessages(productMessages);
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [invalid, setInvalid] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const productId = parseRecordId(text.trim());
    setInvalid(productId === null);
    if (productId !== null) void navigate(paths.product(productId));
  };

  return (
    <form className={styles.openForm} onSubmit={submit} noValidate>
      <Field label={t.productIdLabel} hint={t.productIdHint} error={invalid ? t.productIdInvalid : null} alert>
        {(control) => (
          <div className={styles.openRow}>
            <input
              {...control}
              type="text"
              inputMode="numeric"
              autoComplete="off"
              value={text}
              onChange={(event) => {
                setText(event.target.value);
                if (invalid) setInvalid(false);
              }}
            />
            <Button kind="primary" type="submit">
              {t.open}
            </Button>
          </div>
        )}
      </Field>
    </form>
  );
}
