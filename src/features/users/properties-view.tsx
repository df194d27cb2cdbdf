import { componentMessages } from '#components/messages.ts';
import { useMessages } from '#lib/i18n.tsx';
import { userMessages } from './messages.ts';
import styles from './properties-view.module.css';

/** Any JSON value as readable text: objects as key/value lists, arrays as lists, at any depth. */
export function PropertiesView({ value }: { value: unknown }) {
  const t = useMessages(userMessages);
  if (isEmptyContainer(value)) return <span className={styles.muted}>{t.noProperties}</span>;
  return <Value value={value} />;
}

function Value({ value }: { value: unknown }) {
  const t = useMessages(userMessages);
  const common = useMessages(componentMessages);
  if (value === null || value === undefined || value === '')
    return <span className={styles.muted}>{common.notSet}</span>;
  if (typeof value === 'boolean') return <>{value ? common.yes : common.no}</>;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'bigint') return <>{String(value)}</>;
  if (Array.isArray(value)) {
    if (value.length === 0) return <span className={styles.muted}>{t.emptyList}</span>;
    if (value.every(isScalar)) {
      return (
        <ul className={styles.inline}>
          {value.map((item, index) => (
            <li key={index}>
              <Value value={item} />
            </li>
          ))}
        </ul>
      );
    }
    return (
      <ol className={styles.list}>
        {value.map((item, index) => (
          <li key={index}>
            <Value value={item} />
          </li>
        ))}
      </ol>
    );
  }
  if (typeof value === 'object') {
    const entries = Object.entries(value);
    if (entries.length === 0) return <span className={styles.muted}>{t.emptyObject}</span>;
    return (
      <dl className={styles.object}>
        {entries.map(([key, item]) => (
          <div key={key} className={styles.entry}>
            <dt>{key}</dt>
            <dd>
              <Value value={item} />
            </dd>
          </div>
        ))}
      </dl>
    );
  }
  return <>{String(value)}</>;
}

function isScalar(value: unknown): boolean {
  return value === null || typeof value !== 'object';
}

function isEmptyContainer(value: unknown): boolean {
  if (Array.isArray(value)) return value.length === 0;
  return typeof value === 'object' && value !== null && Object.keys(value).length === 0;
}
