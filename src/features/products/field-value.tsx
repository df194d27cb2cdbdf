// One product value, shown by its definition type: numbers and dates with Intl, 0/1 flags as
// Yes/No, coded values in words, markup sanitised, addresses as links, storage paths as text, null
// and "" alike as a quiet "Not set" (a product gathered before the tolerant read may still hold "").
import { PortalText } from '#components/portal-text.tsx';
import { SafeHtml } from '#components/safe-html.tsx';
import { componentMessages } from '#components/messages.ts';
import { useFormat, useLocale, useMessages } from '#lib/i18n.tsx';
import { productMessages } from './messages.ts';
import { containsMarkup, flagFields, isWebUrl, pathFields, type FieldLayout } from './product-fields.ts';
import { fieldValueLabel } from './value-labels.ts';
import { UserLink } from '#components/user-link.tsx';
import styles from './product-page.module.css';

/** `label` names the field (for a formatted text that scrolls sideways). */
export function FieldValue({ field, label }: { field: FieldLayout; label: string }) {
  const t = useMessages(componentMessages);
  const productT = useMessages(productMessages);
  const { locale } = useLocale();
  const format = useFormat();
  const { name, type, value } = field;

  if (value === null || value === undefined || value === '') return <span className={styles.notSet}>{t.notSet}</span>;
  if (flagFields.has(name) && (value === 0 || value === 1)) return <>{value === 1 ? t.yes : t.no}</>;
  if (typeof value === 'boolean') return <>{value ? t.yes : t.no}</>;
  if (typeof value === 'number') {
    if (name === 'product_duration' && type === 'integer') return <>{format.duration(value)}</>;
    if (/_user_id$/.test(name) && Number.isInteger(value)) return <UserLink userId={value} />;
    // Identifiers are names, not quantities: no thousands separator.
    if (/_id$/.test(name) && Number.isInteger(value)) return <span className={styles.number}>{value}</span>;
    return <span className={styles.number}>{format.number(value)}</span>;
  }
  if (typeof value === 'string') {
    if (type === 'datetime') return <time dateTime={value}>{format.dateTime(value)}</time>;
    // A coded value (webinar, archived, hours…) in the reader's words.
    const words = fieldValueLabel(name, value, productT, locale);
    if (words !== undefined) return <>{words}</>;
    return <TextValue name={name} text={value} label={label} />;
  }
  // Lists and objects (custom properties of a real portal): their JSON, as text.
  return <code className={styles.code}>{JSON.stringify(value)}</code>;
}

export function TextValue({ name, text, label }: { name: string; text: string; label: string }) {
  if (pathFields.has(name)) return <code className={styles.code}>{text}</code>;
  if (isWebUrl(text)) {
    return (
      <a href={text} target="_blank" rel="noopener noreferrer" className={styles.url}>
        <PortalText>{text}</PortalText>
      </a>
    );
  }
  if (containsMarkup(text)) return <SafeHtml html={text} label={label} />;
  return <PortalText className={styles.plain}>{text}</PortalText>;
}
