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
import { Button } from '#components/button.tsx';
import { Field } from '#components/field.tsx';
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
    value: draft[key] ?? '',
    onChange: (event: { target: { value: string } }) => setDraft({ ...draft, [key]: event.target.value }),
  });
  // One message for the form, under the fields: the field it concerns is marked and described by it.
  const errorOn = (key: FieldError['field']) =>
    invalid?.field === key ? { invalid: true, describedBy: `${id}-error` } : {};
  const textField = (key: 'group' | 'person', label: string, hint: string) => (
    <Field label={label} hint={hint} {...errorOn(key)}>
      {(control) => <input {...control} type="text" autoComplete="off" spellCheck={false} {...field(key)} />}
    </Field>
  );
  const choice = <V extends string>(
    key: 'source' | 'result',
    label: string,
    values: readonly V[],
    names: Record<V, string>,
  ) => (
    <Field label={label}>
      {(control) => (
        <select {...control} {...field(key)}>
          <option value="">{t.filterAll}</option>
          {values.map((value) => (
            <option key={value} value={value}>
              {names[value]}
            </option>
          ))}
        </select>
      )}
    </Field>
  );

  return (
    <form className={`card ${styles.filters}`} onSubmit={(event) => void submit(event)} aria-label={t.filtersLabel}>
      <div className={styles.filterGrid}>
        {textField('group', t.filterGroup, t.filterGroupHint)}
        {textField('person', t.filterPerson, t.filterPersonHint)}
        {choice('source', t.filterSource, [...historySources, 'unknown' as const], labels.source)}
        {choice('result', t.filterResult, historyResults, labels.result)}
        <Field label={t.filterFrom}>
          {(control) => <input {...control} type="date" className={styles.date} {...field('from')} />}
        </Field>
        <Field label={t.filterTo} {...errorOn('to')}>
          {(control) => <input {...control} type="date" className={styles.date} {...field('to')} />}
        </Field>
      </div>
      <div id={`${id}-error`} role="alert">
        {invalid && <p className="field-error">{invalid.message}</p>}
      </div>
      {failure !== null && <ApiErrorNotice error={failure} />}
      <div className={styles.filterActions}>
        <Button kind="primary" type="submit" aria-disabled={resolving || undefined}>
          {resolving ? t.resolving : t.filtersApply}
        </Button>
        <Button
          kind="quiet"
          onClick={() => {
            setDraft({});
            setInvalid(null);
            setFailure(null);
            onApply({});
          }}
        >
          {t.filtersClear}
        </Button>
      </div>
    </form>
  );
}
