// The people directory of the dashboard server as a table ("People"): everyone it holds, at once
// and a page at a time, narrowed as the administrator types (name, e-mail or identifier; accents
// and case ignored by the server). It says how many people the dashboard has met, so nobody takes
// a miss for "not in the portal". The words typed and the page are in the URL (`people`,
// `people.page`, `people.size`).
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useEffect, useId, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { refreshStalePerson } from '#api/directory-learning.ts';
import { directoryQueries } from '#api/directory.ts';
import { displayName } from '#api/known-users.ts';
import type { Person } from '#schemas/directory.ts';
import { DataTable } from '#components/data-table.tsx';
import { Field } from '#components/field.tsx';
import { componentMessages } from '#components/messages.ts';
import { fill, useMessages } from '#lib/i18n.tsx';
import { useListSearch } from '#lib/list-search.ts';
import { useMessageFormat } from '#lib/message-format.ts';
import { paths } from '#lib/paths.ts';
import { useDebouncedValue } from '#lib/use-debounced-value.ts';
import { directoryMessages, userMessages } from './messages.ts';
import styles from './directory.module.css';

const TYPING_DELAY_MS = 200;
const queryKey = 'people';
/** The server's largest page. */
const MAX_PAGE_SIZE = 100;
/** Groups named in a row; the others are counted ("+3 more"), the cell's title lists them all. */
const GROUPS_SHOWN = 3;
const column = createColumnHelper<Person>();
/**
 * Portal text in a cell of its own direction (as `portalTextCell`), wrapped between words only: a
 * column is then as wide as its longest word, so a name never breaks inside ("Bernar d"); a word
 * longer than the page still wraps.
 */
const textCell = { dir: 'auto', className: styles.text } as const;

export function PeopleSearch({ addPeopleId }: { addPeopleId: string }) {
  const t = useMessages(directoryMessages);
  const users = useMessages(userMessages);
  const common = useMessages(componentMessages);
  const format = useMessageFormat();
  const id = useId();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const [text, setText] = useState(() => params.get(queryKey) ?? '');
  const settled = useDebouncedValue(text.trim(), TYPING_DELAY_MS);
  const search = useListSearch({ prefix: queryKey, defaultPageSize: 20 });
  const pageSize = Math.min(search.pageSize, MAX_PAGE_SIZE);
  const q = params.get(queryKey) ?? '';
  const size = useQuery(directoryQueries.size());
  const options = directoryQueries.page(q, (search.page - 1) * pageSize, pageSize);
  const query = useQuery({ ...options, placeholderData: keepPreviousData });
  const people = query.data?.result;

  // The settled words go to the URL (replacing the entry: one per keystroke would flood Back);
  // other words start again at the first page.
  useEffect(() => {
    // Unchanged (e.g. on arrival with `?people=`): no navigation at all.
    if ((new URLSearchParams(window.location.search).get(queryKey) ?? '') === settled) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (settled) next.set(queryKey, settled);
        else next.delete(queryKey);
        next.delete(`${queryKey}.page`);
        return next;
      },
      { replace: true },
    );
  }, [settled, setParams]);

  // Shown records last seen too long ago are looked up again (one at a time, in the background).
  useEffect(() => {
    for (const person of people ?? []) refreshStalePerson(queryClient, person);
  }, [people, queryClient]);

  const columns = useMemo(
    () => [
      column.display({
        id: 'name',
        header: t.columnName,
        meta: { cellProps: () => textCell },
        cell: (info) => {
          const person = info.row.original;
          return (
            <>
              <a href={paths.user(person.user_id)} className={styles.personLink}>
                {displayName(person) || fill(users.userFallback, { id: person.user_id })}
              </a>
              {person.no_longer_in_portal && <span className={styles.gone}>{common.noLongerInPortal}</span>}
            </>
          );
        },
      }),
      column.accessor('email', {
        header: t.columnEmail,
        enableSorting: false,
        meta: { cellProps: () => textCell },
        cell: (info) => info.getValue() ?? '—',
      }),
      column.accessor('user_organisation_identifier', {
        header: t.columnIdentifier,
        enableSorting: false,
        meta: { cellProps: () => ({ ...textCell, className: `${styles.text} ${styles.mono}` }) },
        cell: (info) => info.getValue() ?? '—',
      }),
      column.accessor('groups', {
        header: t.columnGroups,
        enableSorting: false,
        meta: { cellProps: (groups: string[]) => ({ ...textCell, title: groups.join('\n') || undefined }) },
        cell: (info) => {
          const groups = info.getValue();
          if (groups.length === 0) return <span className={styles.muted}>{t.noGroups}</span>;
          const more = groups.length - GROUPS_SHOWN;
          return more > 0
            ? `${groups.slice(0, GROUPS_SHOWN).join(', ')} ${format(t.moreGroups, { count: more })}`
            : groups.join(', ');
        },
      }),
    ],
    [t, users, common, format],
  );

  const scope = size.data === undefined ? t.searchScopeLoading : format(t.searchScope, { count: size.data.total });
  const directoryEmpty = q === '' && query.data?.total === 0;
  const summary =
    q === '' || query.data === undefined
      ? ''
      : query.data.total === 0
        ? fill(t.searchNone, { query: q })
        : query.data.total_capped
          ? format(t.searchCountCapped, { count: query.data.total })
          : format(t.searchCount, { count: query.data.total });

  return (
    <section aria-labelledby={`${id}-title`} className={`card ${styles.section}`}>
      <h2 id={`${id}-title`}>{t.searchTitle}</h2>
      <form
        role="search"
        aria-labelledby={`${id}-title`}
        className={styles.searchForm}
        onSubmit={(event) => event.preventDefault()}
      >
        <Field label={t.searchLabel} hint={scope}>
          {(control) => (
            <input
              {...control}
              type="search"
              autoComplete="off"
              spellCheck={false}
              value={text}
              onChange={(event) => setText(event.target.value)}
            />
          )}
        </Field>
      </form>
      <p role="status" className={styles.resultsCount}>
        {summary}
      </p>
      {directoryEmpty ? (
        <div className={styles.empty}>
          <p>{t.directoryEmpty}</p>
          <p>
            <a href={`#${addPeopleId}`}>{t.addTitle}</a>
          </p>
        </div>
      ) : (
        <DataTable
          label={t.tableLabel}
          hideCaption
          columns={columns}
          query={query}
          queryKey={options.queryKey}
          pagination={{ ...search, pageSize }}
          getRowId={(person) => String(person.user_id)}
          errorTitle={t.tableFailed}
          emptyMessage={fill(t.searchNone, { query: q })}
        />
      )}
    </section>
  );
}
