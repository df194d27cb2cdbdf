import { fill, useMessages } from '#lib/i18n.tsx';
import { productMessages } from './messages.ts';
import { productTypeLabel, statusLabel } from '#components/product-values.ts';
import { statusTone } from './value-labels.ts';
import styles from './badges.module.css';

/** A state as a coloured badge; `label` adds words for screen readers ("Status: Published"). */
export function StatusBadge({ value, labelled = false }: { value: string; labelled?: boolean }) {
  const t = useMessages(productMessages);
  const text = statusLabel(value, t);
  return (
    <span className={`badge ${styles[statusTone(value)]}`}>
      {labelled ? <Labelled visible={text} full={fill(t.statusBadge, { value: text })} /> : text}
    </span>
  );
}

export function TypeBadge({ value, labelled = false }: { value: string; labelled?: boolean }) {
  const t = useMessages(productMessages);
  const text = productTypeLabel(value, t);
  return (
    <span className={`badge ${styles.type}`}>
      {labelled ? <Labelled visible={text} full={fill(t.typeBadge, { value: text })} /> : text}
    </span>
  );
}

function Labelled({ visible, full }: { visible: string; full: string }) {
  return (
    <>
      <span aria-hidden="true">{visible}</span>
      <span className="visually-hidden">{full}</span>
    </>
  );
}
