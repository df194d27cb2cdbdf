// The "Group" combobox of both membership pages (WAI-ARIA combobox with a listbox popup):
// search by name over the group index, by external id or by id. Exact id and external id are
// also asked of the API while the index is still loading (or if it failed), so a known group
// can be chosen at once.
import { useQuery } from '@tanstack/react-query';
import {
  Fragment,
  useId,
  useMemo,
  useState,
  useSyncExternalStore,
  type KeyboardEvent,
  type ReactNode,
  type Ref,
} from 'react';
import { ancestorsOf, groupIndexProgress, groupIndexQuery, subscribeGroupIndex } from '#api/group-index.ts';
import { groupQueries } from '#api/groups.ts';
import type { Grp } from '#schemas/grp.ts';
import { GroupName, useGroupLabel } from '#components/group-name.tsx';
import { fillNodes, PortalText } from '#components/portal-text.tsx';
import { Field } from '#components/field.tsx';
import { fill, useFormat, useMessages } from '#lib/i18n.tsx';
import { useMessageFormat } from '#lib/message-format.ts';
import { maxGroupMatches, searchGroups } from '#domain/group-search.ts';
import { membershipMessages } from './messages.ts';
import { useDebouncedValue } from '#lib/use-debounced-value.ts';
import styles from './memberships.module.css';

export interface GroupComboboxProps {
  value: Grp | null;
  onChange: (group: Grp | null) => void;
  /** Message shown under the field (validation), linked with aria-describedby. */
  error?: string | null;
  /** A note under the field (e.g. a preset that is loading or missing). */
  note?: string | null;
  disabled?: boolean;
  inputRef?: Ref<HTMLInputElement>;
}

export function GroupCombobox({ value, onChange, error, note, disabled, inputRef }: GroupComboboxProps) {
  const t = useMessages(membershipMessages);
  const format = useFormat();
  const formatMessage = useMessageFormat();
  const groupLabel = useGroupLabel();
  const id = useId();
  const listboxId = `${id}-listbox`;
  // null: show the chosen group's name; a string: what the person is typing.
  const [text, setText] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);

  const index = useQuery(groupIndexQuery());
  const progress = useSyncExternalStore(subscribeGroupIndex, groupIndexProgress);
  const query = (text ?? '').trim();
  const settledQuery = useDebouncedValue(query, 250);
  const askApi = settledQuery !== '' && settledQuery === query && !index.isSuccess;
  const numericId = /^\d{1,9}$/.test(settledQuery) ? Number(settledQuery) : null;
  const byId = useQuery({
    ...groupQueries.children(numericId ?? 0),
    enabled: askApi && numericId !== null && numericId > 0,
    retry: false,
  });
  const byExternal = useQuery({ ...groupQueries.byExternalId(settledQuery), enabled: askApi, retry: false });

  const matches = useMemo(() => {
    const groups = index.data?.groups ?? [];
    // Nothing typed: the first groups, to browse.
    return query ? searchGroups(groups, query) : { groups: groups.slice(0, maxGroupMatches), total: groups.length };
  }, [index.data, query]);
  const options = useMemo(() => {
    const list: Grp[] = [];
    const seen = new Set<number>();
    const add = (group: Grp | undefined) => {
      if (group && !seen.has(group.grp_id)) {
        seen.add(group.grp_id);
        list.push(group);
      }
    };
    // Reopened on a chosen group: that group first (and active), then the others.
    if (text === null && value) add(value);
    if (askApi) {
      add(byId.data);
      add(byExternal.data);
    }
    matches.groups.forEach(add);
    return list;
  }, [askApi, byId.data, byExternal.data, matches.groups, text, value]);

  const searching = askApi && (byId.isFetching || byExternal.isFetching);
  const expanded = open && !disabled && options.length > 0;
  const noMatch = open && query !== '' && options.length === 0 && !index.isPending && !searching;
  const activeIndex = Math.min(active, options.length - 1);
  const activeOption = expanded && activeIndex >= 0 ? options[activeIndex] : undefined;
  const optionId = (group: Grp) => `${id}-option-${group.grp_id}`;

  // "id 8 · external id EXT-8 · sales › emea", each piece of portal text isolated.
  const describeGroup = (group: Grp): ReactNode => {
    const path = index.data ? ancestorsOf(index.data, group.grp_id) : [];
    const parts: ReactNode[] = [fill(t.groupOptionId, { id: group.grp_id })];
    if (group.grp_external_id)
      parts.push(fillNodes(t.groupOptionExternal, { id: <PortalText>{group.grp_external_id}</PortalText> }));
    if (path.length) {
      parts.push(
        path.map((g, i) => (
          <Fragment key={g.grp_id}>
            {i > 0 && ' › '}
            <GroupName group={g} />
          </Fragment>
        )),
      );
    }
    return parts.map((part, i) => (
      <Fragment key={i}>
        {i > 0 && ' · '}
        {part}
      </Fragment>
    ));
  };

  function choose(group: Grp) {
    onChange(group);
    setText(null);
    setOpen(false);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (!open) {
          setOpen(true);
          setActive(0);
        } else setActive((i) => Math.min(i + 1, options.length - 1));
        break;
      case 'ArrowUp':
        event.preventDefault();
        setOpen(true);
        setActive((i) => Math.max(i - 1, 0));
        break;
      case 'Home':
      case 'End':
        if (!expanded) return;
        event.preventDefault();
        setActive(event.key === 'Home' ? 0 : options.length - 1);
        break;
      case 'Enter':
        // With the list open, Enter chooses; closed, it submits the form as usual.
        if (activeOption) {
          event.preventDefault();
          choose(activeOption);
        }
        break;
      case 'Tab': {
        // Typing a group's exact name and leaving the field chooses it, as a person expects.
        const exact = text !== null && !value ? options.find((group) => sameName(group.grp_name, query)) : undefined;
        if (exact) choose(exact);
        break;
      }
      case 'Escape':
        if (expanded) {
          event.preventDefault();
          setOpen(false);
        } else if (text !== null) {
          setText(null);
        }
        break;
    }
  }

  const indexNote = index.isPending
    ? progress.total
      ? fill(t.groupIndexLoading, { loaded: format.number(progress.loaded), total: format.number(progress.total) })
      : t.groupIndexStarting
    : index.isError
      ? t.groupIndexFailed
      : null;
  const matchCount = index.data ? matches.total + (options.length - matches.groups.length) : options.length;
  const announcement = noMatch
    ? fill(t.groupNoMatch, { query })
    : !expanded
      ? ''
      : formatMessage(t.groupMatches, { n: matchCount });
  return (
    <Field
      label={t.groupLabel}
      hint={
        <>
          {value ? fillNodes(t.groupChosen, { details: describeGroup(value) }) : t.groupHint}
          {indexNote && !value && <span className={styles.indexNote}> {indexNote}</span>}
        </>
      }
      describedBy={note ? `${id}-note` : undefined}
      error={error}
      below={
        <>
          {noMatch && (
            <p className="hint" aria-hidden="true">
              {fill(t.groupNoMatch, { query })}
            </p>
          )}
          {note && (
            <p id={`${id}-note`} className="hint">
              {note}
            </p>
          )}
          <p className="visually-hidden" role="status" aria-live="polite">
            {announcement}
          </p>
        </>
      }
    >
      {(control) => (
        <div className={styles.comboWrap}>
          <input
            {...control}
            ref={inputRef}
            type="text"
            role="combobox"
            aria-autocomplete="list"
            aria-expanded={expanded}
            aria-controls={listboxId}
            aria-activedescendant={activeOption ? optionId(activeOption) : undefined}
            autoComplete="off"
            spellCheck={false}
            disabled={disabled}
            className={styles.comboInput}
            value={text ?? (value ? groupLabel(value) : '')}
            onChange={(event) => {
              setText(event.target.value);
              setOpen(true);
              setActive(0);
              if (value) onChange(null);
            }}
            onFocus={() => text !== null && setOpen(true)}
            onClick={() => !value && setOpen(true)}
            onBlur={() => setOpen(false)}
            onKeyDown={onKeyDown}
          />
          {value && !disabled && (
            <button
              type="button"
              className={styles.comboClear}
              aria-label={t.clearGroup}
              onClick={() => {
                onChange(null);
                setText('');
              }}
            >
              <span aria-hidden="true">×</span>
            </button>
          )}
          <ul id={listboxId} role="listbox" aria-label={t.groupLabel} className={styles.listbox} hidden={!expanded}>
            {options.map((group, i) => (
              // Keyboard selection is on the input (aria-activedescendant); the mouse picks here.
              // The name is the group's name alone; id, external id and path are its description.
              // eslint-disable-next-line jsx-a11y/click-events-have-key-events
              <li
                key={group.grp_id}
                id={optionId(group)}
                role="option"
                aria-selected={i === activeIndex}
                aria-labelledby={`${optionId(group)}-name`}
                aria-describedby={`${optionId(group)}-meta`}
                className={styles.option}
                onMouseDown={(event) => event.preventDefault()}
                onMouseMove={() => setActive(i)}
                onClick={() => choose(group)}
              >
                <span id={`${optionId(group)}-name`} className={styles.optionName}>
                  <GroupName group={group} />
                </span>
                <span id={`${optionId(group)}-meta`} className={styles.optionMeta}>
                  {describeGroup(group)}
                </span>
              </li>
            ))}
            {expanded && options.length > 0 && matches.total > matches.groups.length && (
              <li role="presentation" className={styles.optionNote}>
                {fill(t.groupMoreMatches, { n: matches.groups.length })}
              </li>
            )}
          </ul>
        </div>
      )}
    </Field>
  );
}

/** The same name but for case (and what the language treats as the same letter). */
function sameName(name: string, typed: string): boolean {
  return typed !== '' && name.trim().localeCompare(typed, undefined, { sensitivity: 'accent' }) === 0;
}
