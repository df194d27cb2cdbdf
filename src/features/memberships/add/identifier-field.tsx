// The "Person" field of the add member form: a WAI-ARIA combobox. What is typed is looked up as an
// exact organisation identifier (the lookup line says who was found) and, where the dashboard
// server answers, searched in its directory by name, e-mail or identifier: the people found are
// options, and choosing one puts their identifier in the field. No option is active until the
// arrows move to one, so Enter on a typed identifier submits it as it is. On a static host the
// field is the plain identifier box it always was.
import { useId, useState, type KeyboardEvent, type Ref } from 'react';
import { displayName } from '#api/known-users.ts';
import type { Person } from '#schemas/directory.ts';
import { ApiErrorNotice } from '#components/api-error-notice.tsx';
import { Field } from '#components/field.tsx';
import { fillNodes, PortalText } from '#components/portal-text.tsx';
import { fill, useMessages } from '#lib/i18n.tsx';
import { useMessageFormat } from '#lib/message-format.ts';
import { membershipMessages } from '../messages.ts';
import type { LookupState } from './use-user-lookup.ts';
import { MIN_SUGGESTION_CHARS, usePersonSuggestions } from './use-person-suggestions.ts';
import styles from '../memberships.module.css';

export interface IdentifierFieldProps {
  value: string;
  onChange: (value: string) => void;
  lookup: LookupState;
  /** A user preset by id (from a user page) whose identifier the dashboard does not know. */
  bareUserId: number | null;
  error: string | null;
  /** False when a notice elsewhere already shows the failed request. */
  showLookupFailure?: boolean;
  inputRef?: Ref<HTMLInputElement>;
}

type Messages = (typeof membershipMessages)['en'];

export function IdentifierField(props: IdentifierFieldProps) {
  const { value, onChange, lookup, bareUserId, error, showLookupFailure = true, inputRef } = props;
  const t = useMessages(membershipMessages);
  const formatMessage = useMessageFormat();
  const id = useId();
  const listboxId = `${id}-listbox`;
  const suggestions = usePersonSuggestions(value);
  // `typing` opens the list unless what is typed is already an option's identifier (nothing left
  // to choose, and the list would cover the fields below); the arrows open it whatever is typed.
  const [list, setList] = useState<'closed' | 'typing' | 'browsing'>('closed');
  // -1: no option is active, Enter submits what is typed.
  const [active, setActive] = useState(-1);
  const options = suggestions.people;
  const chosen = options.some((person) => person.user_organisation_identifier === value.trim());
  const open = list === 'browsing' || (list === 'typing' && !chosen);
  const setOpen = (next: boolean) => setList(next ? 'browsing' : 'closed');
  const expanded = open && options.length > 0;
  const activeIndex = Math.min(active, options.length - 1);
  const activePerson = expanded && activeIndex >= 0 ? options[activeIndex] : undefined;
  const optionId = (person: Person) => `${id}-option-${person.user_id}`;

  function choose(person: Person) {
    onChange(person.user_organisation_identifier ?? '');
    setOpen(false);
    setActive(-1);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    switch (event.key) {
      case 'ArrowDown':
        if (options.length === 0) return;
        event.preventDefault();
        setOpen(true);
        setActive(open ? Math.min(activeIndex + 1, options.length - 1) : 0);
        break;
      case 'ArrowUp':
        if (!expanded) return;
        event.preventDefault();
        setActive(activeIndex <= 0 ? options.length - 1 : activeIndex - 1);
        break;
      case 'Enter':
        // On an option, Enter chooses it; otherwise it submits the form with what is typed.
        if (activePerson) {
          event.preventDefault();
          choose(activePerson);
        }
        break;
      case 'Escape':
        if (expanded) {
          event.preventDefault();
          setOpen(false);
          setActive(-1);
        }
        break;
    }
  }

  // While people of the directory match, "nobody has this identifier" would only distract.
  const hideNotFound = (error !== null || options.length > 0) && lookup.kind === 'not-found';
  const combobox = suggestions.available
    ? ({
        role: 'combobox',
        'aria-autocomplete': 'list',
        'aria-expanded': expanded,
        'aria-controls': listboxId,
        'aria-activedescendant': activePerson ? optionId(activePerson) : undefined,
      } as const)
    : {};

  return (
    <Field
      label={suggestions.available ? t.personLabel : t.identifierLabel}
      hint={bareUserId !== null ? t.presetUserHint : suggestions.available ? t.personHint : t.identifierHint}
      describedBy={`${id}-lookup`}
      error={error}
      below={
        <>
          <p id={`${id}-lookup`} className={styles.lookup} aria-live="polite">
            {/* One message per problem: a field error (e.g. nobody has it, after a submit) replaces the lookup's. */}
            {!hideNotFound && <LookupText lookup={lookup} t={t} />}
          </p>
          {suggestions.failed && <p className="hint">{t.personSearchFailed}</p>}
          {/* Which request failed, why, and a retry: the lookup is the field's only way to find the person. */}
          {lookup.kind === 'failed' && showLookupFailure && (
            <ApiErrorNotice error={lookup.error} onRetry={lookup.retry} />
          )}
          {suggestions.available && (
            <p className="visually-hidden" role="status" aria-live="polite">
              {open && value.trim().length >= MIN_SUGGESTION_CHARS && !suggestions.searching
                ? formatMessage(t.personMatches, { count: options.length })
                : ''}
            </p>
          )}
        </>
      }
    >
      {(control) => (
        <>
          {bareUserId !== null && (
            <p className={styles.chip}>
              <span>{fill(t.presetUser, { id: bareUserId })}</span>
            </p>
          )}
          <div className={styles.comboWrap}>
            <input
              {...control}
              ref={inputRef}
              type="text"
              {...combobox}
              autoComplete="off"
              spellCheck={false}
              autoCapitalize="off"
              value={value}
              onChange={(event) => {
                onChange(event.target.value);
                setList('typing');
                setActive(-1);
              }}
              onKeyDown={suggestions.available ? onKeyDown : undefined}
              onBlur={() => setOpen(false)}
            />
            {suggestions.available && (
              <ul
                id={listboxId}
                role="listbox"
                aria-label={t.personOptions}
                className={styles.listbox}
                hidden={!expanded}
              >
                {options.map((person, i) => (
                  // Keyboard choice is on the input (aria-activedescendant); the mouse picks here.
                  // eslint-disable-next-line jsx-a11y/click-events-have-key-events
                  <li
                    key={person.user_id}
                    id={optionId(person)}
                    role="option"
                    aria-selected={i === activeIndex}
                    className={styles.option}
                    onMouseDown={(event) => event.preventDefault()}
                    onMouseMove={() => setActive(i)}
                    onClick={() => choose(person)}
                  >
                    <PersonOption person={person} t={t} />
                  </li>
                ))}
                {expanded && suggestions.total > options.length && (
                  <li role="presentation" className={styles.optionNote}>
                    {formatMessage(t.personMoreMatches, { count: options.length })}
                  </li>
                )}
              </ul>
            )}
          </div>
        </>
      )}
    </Field>
  );
}

/** An option's text, its accessible name: the person's name, then their e-mail and identifier. */
function PersonOption({ person, t }: { person: Person; t: Messages }) {
  const name = displayName(person);
  return (
    <>
      <span className={styles.optionName}>
        <PortalText>{name || person.user_organisation_identifier}</PortalText>
      </span>
      <span className={styles.optionMeta}>
        {person.email && (
          <>
            <PortalText>{person.email}</PortalText>
            {' · '}
          </>
        )}
        {fillNodes(t.personOptionIdentifier, {
          identifier: <PortalText>{person.user_organisation_identifier}</PortalText>,
        })}
      </span>
    </>
  );
}

function LookupText({ lookup, t }: { lookup: LookupState; t: Messages }) {
  switch (lookup.kind) {
    case 'empty':
      return null;
    case 'searching':
      return (
        <>
          <span className={styles.spinner} aria-hidden="true" />
          <span className={styles.lookupMuted}>{fill(t.lookupSearching, { identifier: lookup.identifier })}</span>
        </>
      );
    case 'found': {
      const name = displayName(lookup.user) || lookup.user.user_organisation_identifier || '';
      return (
        <span className={styles.lookupFound}>
          <span aria-hidden="true">✓ </span>
          {fillNodes(t.lookupFound, { name: <PortalText>{name}</PortalText>, id: lookup.user.user_id })}
          {lookup.user.email && (
            <span className={styles.lookupMuted}>
              {' · '}
              <PortalText>{lookup.user.email}</PortalText>
            </span>
          )}
        </span>
      );
    }
    case 'not-found':
      return <span className={styles.lookupMissing}>{fill(t.lookupNotFound, { identifier: lookup.identifier })}</span>;
    case 'failed':
      return <span className={styles.lookupMissing}>{t.lookupFailed}</span>;
  }
}
