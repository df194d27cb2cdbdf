// Find a group by name (client-side, over the index as far as it has loaded), by external id or
// by id (one request each), then show it in the tree.
import { useQuery } from '@tanstack/react-query';
import { Fragment, useDeferredValue, useId, useMemo, useState, type FormEvent } from 'react';
import { ancestorsOf, type GroupIndex } from '#api/group-index.ts';
import { searchGroups } from '#domain/group-search.ts';
import { groupQueries } from '#api/groups.ts';
import { isApiError } from '#api/errors.ts';
import type { Grp } from '#schemas/grp.ts';
import { ApiErrorNotice } from '#components/api-error-notice.tsx';
import { Button } from '#components/button.tsx';
import { Field } from '#components/field.tsx';
import { GroupName, useGroupLabel } from '#components/group-name.tsx';
import { PortalText } from '#components/portal-text.tsx';
import { fill, useMessages } from '#lib/i18n.tsx';
import { useMessageFormat } from '#lib/message-format.ts';
import { groupMessages } from './messages.ts';
import styles from './groups-page.module.css';

type Mode = 'name' | 'external' | 'id';

interface Props {
  index: GroupIndex | undefined;
  /** The groups loaded so far while the index builds. */
  partial: readonly Grp[];
  onPick: (group: Grp) => void;
}

export function GroupSearch({ index, partial, onPick }: Props) {
  const t = useMessages(groupMessages);
  const formatMessage = useMessageFormat();
  const id = useId();
  const groupLabel = useGroupLabel();
  const [mode, setMode] = useState<Mode>('name');
  const [text, setText] = useState('');
  const [submitted, setSubmitted] = useState<{ mode: 'external' | 'id'; value: string } | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const deferredText = useDeferredValue(text);

  const groups = index?.groups ?? partial;
  const byName = useMemo(
    () => (mode === 'name' ? searchGroups(groups, deferredText, { scope: 'names' }) : null),
    [mode, groups, deferredText],
  );

  const externalValue = submitted?.mode === 'external' ? submitted.value : '';
  const idValue = submitted?.mode === 'id' ? Number(submitted.value) : 0;
  const byExternal = useQuery({ ...groupQueries.byExternalId(externalValue), enabled: externalValue !== '' });
  const byId = useQuery({ ...groupQueries.children(idValue), enabled: idValue > 0 });
  const lookup = submitted?.mode === 'external' ? byExternal : submitted?.mode === 'id' ? byId : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = text.trim();
    setFieldError(null);
    if (mode === 'name') return;
    if (!value) {
      setFieldError(t.searchEmpty);
      return;
    }
    if (mode === 'id' && !/^\d+$/.test(value)) {
      setFieldError(t.searchIdInvalid);
      return;
    }
    setSubmitted({ mode, value });
  };

  const results: Grp[] = byName ? byName.groups : lookup?.data ? [lookup.data] : [];
  const notFound = lookup?.isError && isApiError(lookup.error) && lookup.error.isNotFound;
  const building = !index && mode === 'name' && deferredText.trim() !== '';

  let status = '';
  if (byName && deferredText.trim()) {
    status =
      byName.total === 0
        ? t.searchNoMatch
        : byName.total > byName.groups.length
          ? formatMessage(t.searchManyMatches, { shown: byName.groups.length, total: byName.total })
          : formatMessage(t.searchMatches, { count: byName.total });
    if (building) status += ` ${formatMessage(t.searchPartial, { count: groups.length })}`;
  } else if (notFound && submitted) {
    status = fill(submitted.mode === 'external' ? t.searchNoExternal : t.searchNoId, { value: submitted.value });
  }

  return (
    <section className={styles.search} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.panelTitle}>
        {t.searchTitle}
      </h2>
      <form className={styles.searchForm} onSubmit={submit} role="search" aria-labelledby={`${id}-title`}>
        <Field label={t.searchBy}>
          {(control) => (
            <select
              {...control}
              value={mode}
              onChange={(event) => {
                const next = event.target.value;
                setMode(next === 'external' || next === 'id' ? next : 'name');
                setSubmitted(null);
                setFieldError(null);
              }}
            >
              <option value="name">{t.searchByName}</option>
              <option value="external">{t.searchByExternal}</option>
              <option value="id">{t.searchById}</option>
            </select>
          )}
        </Field>
        <Field label={t.searchLabel} error={fieldError} className={styles.searchField}>
          {(control) => (
            <div className={styles.searchInputRow}>
              <input
                {...control}
                type="search"
                value={text}
                autoComplete="off"
                spellCheck={false}
                inputMode={mode === 'id' ? 'numeric' : undefined}
                placeholder={
                  mode === 'name'
                    ? t.searchPlaceholderName
                    : mode === 'id'
                      ? t.searchPlaceholderId
                      : t.searchPlaceholderExternal
                }
                onChange={(event) => setText(event.target.value)}
              />
              {mode !== 'name' && (
                <Button type="submit" kind="primary">
                  {t.searchSubmit}
                </Button>
              )}
            </div>
          )}
        </Field>
      </form>
      <p className={styles.searchStatus} role="status">
        {lookup?.isFetching ? t.searching : status}
      </p>
      {lookup?.isError && !notFound && (
        <ApiErrorNotice title={t.searchFailed} error={lookup.error} onRetry={() => void lookup.refetch()} />
      )}
      {results.length > 0 && (
        <ul className={styles.results} aria-label={t.searchResults}>
          {results.map((group) => {
            const path = index ? ancestorsOf(index, group.grp_id) : [];
            return (
              <li key={group.grp_id}>
                <button type="button" className={styles.result} onClick={() => onPick(group)}>
                  <GroupName group={group} className={styles.resultName} />
                  <span className={styles.resultMeta}>
                    {path.map((ancestor, i) => (
                      <Fragment key={ancestor.grp_id}>
                        {i > 0 && ' › '}
                        <PortalText>{groupLabel(ancestor)}</PortalText>
                      </Fragment>
                    ))}
                    {path.length > 0 && ' · '}
                    {fill(t.idValue, { id: group.grp_id })}
                    {group.grp_external_id && (
                      <>
                        {' · '}
                        <PortalText>{group.grp_external_id}</PortalText>
                      </>
                    )}
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
