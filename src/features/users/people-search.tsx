// "Search people": the people directory of the dashboard server, by name, e-mail or identifier
// (partial; accents and case ignored by the server), as the administrator types. It says how many
// people the dashboard has met, so nobody takes a miss for "not in the portal". The words typed
// and the page of results are in the URL (`people`, `people.start`).
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { refreshStalePerson } from '#api/directory-learning.ts';
import { directoryQueries } from '#api/directory.ts';
import { displayName } from '#api/known-users.ts';
import type { Person } from '#schemas/directory.ts';
import { ApiErrorNotice } from '#components/api-error-notice.tsx';
import { PortalText } from '#components/portal-text.tsx';
import { fill, useFormat, useMessages } from '#lib/i18n.tsx';
import { useMessageFormat } from '#lib/message-format.ts';
import { paths } from '#lib/paths.ts';
import { useDebouncedValue } from '#lib/use-debounced-value.ts';
import { directoryMessages, userMessages } from './messages.ts';
import styles from './directory.module.css';

const PAGE_SIZE = 20;
const TYPING_DELAY_MS = 200;
const queryKey = 'people';
const startKey = 'people.start';

export function PeopleSearch() {
  const t = useMessages(directoryMessages);
  const format = useMessageFormat();
  const id = useId();
  const [params, setParams] = useSearchParams();
  const [text, setText] = useState(() => params.get(queryKey) ?? '');
  const settled = useDebouncedValue(text.trim(), TYPING_DELAY_MS);
  const start = Math.max(0, Number.parseInt(params.get(startKey) ?? '0', 10) || 0);
  const size = useQuery(directoryQueries.size());

  // The settled words go to the URL (replacing the entry: one per keystroke would flood Back).
  useEffect(() => {
    // Unchanged (e.g. on arrival with `?people=`): no navigation at all.
    if ((new URLSearchParams(window.location.search).get(queryKey) ?? '') === settled) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (settled) next.set(queryKey, settled);
        else next.delete(queryKey);
        next.delete(startKey);
        return next;
      },
      { replace: true },
    );
  }, [settled, setParams]);

  const scope = size.data === undefined ? t.searchScopeLoading : format(t.searchScope, { count: size.data.total });
  return (
    <section aria-labelledby={`${id}-title`} className={`card ${styles.section}`}>
      <h2 id={`${id}-title`}>{t.searchTitle}</h2>
      <form
        role="search"
        aria-labelledby={`${id}-title`}
        className={styles.searchForm}
        onSubmit={(event) => event.preventDefault()}
      >
        <label htmlFor={`${id}-input`}>{t.searchLabel}</label>
        <input
          id={`${id}-input`}
          type="search"
          autoComplete="off"
          spellCheck={false}
          value={text}
          onChange={(event) => setText(event.target.value)}
          aria-describedby={`${id}-scope`}
        />
        <p id={`${id}-scope`} className="hint">
          {scope}
        </p>
      </form>
      {settled !== '' && (
        <SearchResults
          q={settled}
          start={start}
          onStart={(next) =>
            setParams((current) => {
              const updated = new URLSearchParams(current);
              if (next > 0) updated.set(startKey, String(next));
              else updated.delete(startKey);
              return updated;
            })
          }
        />
      )}
    </section>
  );
}

function SearchResults({ q, start, onStart }: { q: string; start: number; onStart: (start: number) => void }) {
  const t = useMessages(directoryMessages);
  const format = useMessageFormat();
  const numbers = useFormat();
  const queryClient = useQueryClient();
  const query = useQuery({ ...directoryQueries.search(q, start, PAGE_SIZE), placeholderData: keepPreviousData });
  const people = query.data?.result;

  // Shown records last seen too long ago are looked up again (one at a time, in the background).
  useEffect(() => {
    for (const person of people ?? []) refreshStalePerson(queryClient, person);
  }, [people, queryClient]);

  if (query.isError) return <ApiErrorNotice error={query.error} onRetry={() => void query.refetch()} />;
  const data = query.data;
  const total = data?.total ?? 0;
  const summary =
    data === undefined
      ? t.searching
      : total === 0
        ? fill(t.searchNone, { query: q })
        : data.total_capped
          ? format(t.searchCountCapped, { count: total })
          : format(t.searchCount, { count: total });
  return (
    <div className={styles.results} aria-busy={query.isFetching || undefined}>
      <p role="status" className={styles.resultsCount}>
        {summary}
      </p>
      {people && people.length > 0 && (
        <ul className={styles.people} aria-label={t.searchResults}>
          {people.map((person) => (
            <li key={person.user_id}>
              <PersonLink person={person} />
            </li>
          ))}
        </ul>
      )}
      {total > PAGE_SIZE && (
        <div className={styles.pager}>
          <button
            type="button"
            className="button"
            disabled={start === 0}
            onClick={() => onStart(Math.max(0, start - PAGE_SIZE))}
          >
            {t.previousResults}
          </button>
          <span>
            {fill(t.resultsRange, {
              from: numbers.number(start + 1),
              to: numbers.number(Math.min(total, start + PAGE_SIZE)),
            })}
          </span>
          <button
            type="button"
            className="button"
            disabled={start + PAGE_SIZE >= total}
            onClick={() => onStart(start + PAGE_SIZE)}
          >
            {t.nextResults}
          </button>
        </div>
      )}
    </div>
  );
}

function PersonLink({ person }: { person: Person }) {
  const users = useMessages(userMessages);
  const name = displayName(person);
  return (
    <Link to={paths.user(person.user_id)} className={styles.person}>
      <span className={styles.personName}>
        {name ? <PortalText>{name}</PortalText> : fill(users.userFallback, { id: person.user_id })}
      </span>
      <span className={styles.personMeta}>
        {person.user_organisation_identifier && <PortalText>{person.user_organisation_identifier}</PortalText>}
        {person.email && <PortalText>{person.email}</PortalText>}
      </span>
    </Link>
  );
}
