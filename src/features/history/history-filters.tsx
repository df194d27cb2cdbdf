// The History page's filters. A group is given by its ID or exact name and a person by their
// organisation identifier or user ID; the URL (and the server) take ids, so names and
// identifiers are looked up on "Apply filters", and a field that names nobody says so.
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { isApiError } from '#api/errors.ts';
import { groupQueries } from '#api/groups.ts';
import { historyResults, historySources } from '#schemas/history.ts';
import { userQueries } from '#api/users.ts';
import { ApiErrorNotice } from '#components/api-error-notice.tsx';
import { fill, useMessages } from '#lib/i18n.tsx';
import type { HistoryFilterKey } from './history-search.ts';
import { historyMessages } from './messages.ts';
import { useHistoryLabels } from './labels.ts';
import styles from './history-page.module.css';

type Draft = Partial<Record<HistoryFilterKey, string>>;
type FieldError = { field: 'group' | 'person' | 'to'; message: string };

const isId = (value: string) => /^\d{1,15}$/.test(value) && Number(value) > 0;

export function HistoryFilters({ filters, onApply }: { filters: Draft; onApply: (next: Draft) => void }) {
  const t = useMessages(historyMessages);
  const labels = useHistoryLabels();
  const queryClient = useQueryClient();
  const id = useId();
  const [draft, setDraft] = useState<Draft>(filters);
  const [invalid, setInvalid] = useState<FieldError | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const [resolving, setResolving] = useState(false);

  async function groupId(value: string): Promise<string | FieldError> {
    if (value === '' || isId(value)) return value;
    const found = await queryClient.fetchQuery(groupQueries.list({ start: 0, limit: 2, filters: { grp_name: value } }));
    const [group] = found.result;
    if (!group) return { field: 'group', message: fill(t.groupNotFound, { value }) };
    if (found.total > 1) return { field: 'group', message: fill(t.groupAmbiguous, { value }) };
    return String(group.grp_id);
  }

  async function userId(value: string): Promise<string | FieldError> {
    if (value === '' || isId(value)) return value;
    try {
      return String((await queryClient.fetchQuery(userQueries.byIdentifier(value))).user_id);
    } catch (error) {
      if (isApiError(error) && error.isNotFound) return { field: 'person', message: fill(t.personNotFound, { value }) };
      throw error;
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (resolving) return;
    const text = (key: HistoryFilterKey) => (draft[key] ?? '').trim();
    setFailure(null);
    if (text('from') && text('to') && text('to') < text('from')) {
      setInvalid({ field: 'to', message: t.rangeReversed });
      return;
    }
    setResolving(true);
    try {
      const [group, person] = await Promise.all([groupId(text('group')), userId(text('person'))]);
      const error = [group, person].find((value): value is FieldError => typeof value !== 'string');
      setInvalid(error ?? null);
      if (error || typeof group !== 'string' || typeof person !== 'string') return;
      onApply({
        group,
        person,
        source: text('source'),
        result: text('result'),
        from: text('from'),
        to: text('to'),
      });
    } catch (error) {
      setFailure(error);
    } finally {
      setResolving(false);
    }
  }

  const field = (key: HistoryFilterKey) => ({
    id: `${id}-${key}`,
    value: draft[key] ?? '',
    onChange: (event: { target: { value: string } }) => setDraft({ ...draft, [key]: event.target.value }),
  });
  const describedBy = (key: 'group' | 'person' | 'to', hint: boolean) =>
    [hint ? `${id}-${key}-hint` : '', invalid?.field === key ? `${id}-error` : ''].filter(Boolean).join(' ') ||
    undefined;
  const textField = (key: 'group' | 'person', label: string, hint: string) => (
    <div className="field">
      <label htmlFor={`${id}-${key}`}>{label}</label>
      <input
        type="text"
        autoComplete="off"
        spellCheck={false}
        {...field(key)}
        aria-invalid={invalid?.field === key || undefined}
        aria-describedby={describedBy(key, true)}
      />
      <p id={`${id}-${key}-hint`} className="hint">
        {hint}
      </p>
    </div>
  );

  return (
    <form className={`card ${styles.filters}`} onSubmit={(event) => void submit(event)} aria-label={t.filtersLabel}>
      <div className={styles.filterGrid}>
        {textField('group', t.filterGroup, t.filterGroupHint)}
        {textField('person', t.filterPerson, t.filterPersonHint)}
        <div className="field">
          <label htmlFor={`${id}-source`}>{t.filterSource}</label>
          <select {...field('source')}>
            <option value="">{t.filterAll}</option>
            {[...historySources, 'unknown' as const].map((source) => (
              <option key={source} value={source}>
                {labels.source[source]}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-result`}>{t.filterResult}</label>
          <select {...field('result')}>
            <option value="">{t.filterAll}</option>
            {historyResults.map((result) => (
              <option key={result} value={result}>
                {labels.result[result]}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-from`}>{t.filterFrom}</label>
          <input type="date" className={styles.date} {...field('from')} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-to`}>{t.filterTo}</label>
          <input
            type="date"
            className={styles.date}
            {...field('to')}
            aria-invalid={invalid?.field === 'to' || undefined}
            aria-describedby={describedBy('to', false)}
          />
        </div>
      </div>
      <div id={`${id}-error`} role="alert">
        {invalid && <p className="field-error">{invalid.message}</p>}
      </div>
      {failure !== null && <ApiErrorNotice error={failure} />}
      <div className={styles.filterActions}>
        <button type="submit" className="button button-primary" aria-disabled={resolving || undefined}>
          {resolving ? t.resolving : t.filtersApply}
        </button>
        <button
          type="button"
          className="button button-quiet"
          onClick={() => {
            setDraft({});
            setInvalid(null);
            setFailure(null);
            onApply({});
          }}
        >
          {t.filtersClear}
        </button>
      </div>
    </form>
  );
}
