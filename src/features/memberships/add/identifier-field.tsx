// The "Organisation identifier" field with its live lookup result (who was found, or nobody).
import { useId, type Ref } from 'react';
import { displayName } from '#api/known-users.ts';
import { ApiErrorNotice } from '#components/api-error-notice.tsx';
import { fillNodes, PortalText } from '#components/portal-text.tsx';
import { fill, useMessages } from '#lib/i18n.tsx';
import { membershipMessages } from '../messages.ts';
import type { LookupState } from './use-user-lookup.ts';
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

export function IdentifierField(props: IdentifierFieldProps) {
  const { value, onChange, lookup, bareUserId, error, showLookupFailure = true, inputRef } = props;
  const t = useMessages(membershipMessages);
  const id = useId();
  const describedBy = [`${id}-hint`, `${id}-lookup`, error ? `${id}-error` : null].filter(Boolean).join(' ');

  return (
    <div className="field">
      <label htmlFor={`${id}-input`}>{t.identifierLabel}</label>
      {bareUserId !== null && (
        <p className={styles.chip}>
          <span>{fill(t.presetUser, { id: bareUserId })}</span>
        </p>
      )}
      <input
        ref={inputRef}
        id={`${id}-input`}
        type="text"
        autoComplete="off"
        spellCheck={false}
        autoCapitalize="off"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-describedby={describedBy}
        aria-invalid={error ? true : undefined}
      />
      <p id={`${id}-hint`} className="hint">
        {bareUserId !== null ? t.presetUserHint : t.identifierHint}
      </p>
      <p id={`${id}-lookup`} className={styles.lookup} aria-live="polite">
        {/* One message per problem: a field error (e.g. nobody has it, after a submit) replaces the lookup's. */}
        {!(error && lookup.kind === 'not-found') && <LookupText lookup={lookup} t={t} />}
      </p>
      {/* Which request failed, why, and a retry: the lookup is the field's only way to find the person. */}
      {lookup.kind === 'failed' && showLookupFailure && <ApiErrorNotice error={lookup.error} onRetry={lookup.retry} />}
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}

function LookupText({ lookup, t }: { lookup: LookupState; t: (typeof membershipMessages)['en'] }) {
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
