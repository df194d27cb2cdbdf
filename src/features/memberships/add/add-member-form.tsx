// The "Add member" form: group, person (resolved as typed), group admin, and one create per submit.
import { useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { isApiError } from '#api/errors.ts';
import { displayName } from '#api/known-users.ts';
import { usePersonName } from '#components/use-person.ts';
import { userQueries } from '#api/users.ts';
import { ApiErrorNotice } from '#components/api-error-notice.tsx';
import { GroupName } from '#components/group-name.tsx';
import { fillNodes, PortalText } from '#components/portal-text.tsx';
import { Button } from '#components/button.tsx';
import { fill, useFormat, useMessages } from '#lib/i18n.tsx';
import { paths } from '#lib/paths.ts';
import { validateAddMember, type AddMemberField, type AddMemberProblem } from './add-member-schema.ts';
import { GroupCombobox } from '../group-combobox.tsx';
import { IdentifierField } from './identifier-field.tsx';
import { membershipMessages } from '../messages.ts';
import { useAddMember, type AddOutcome, type Person } from './use-add-member.ts';
import { usePresetGroup } from '../use-preset-group.ts';
import { useUserLookup } from './use-user-lookup.ts';
import styles from '../memberships.module.css';

type Messages = (typeof membershipMessages)['en'];

function problemText(problem: AddMemberProblem | 'not-found', t: Messages): string {
  switch (problem) {
    case 'group-required':
      return t.errorGroupRequired;
    case 'identifier-required':
      return t.errorIdentifierRequired;
    case 'too-long':
      return t.errorIdentifierTooLong;
    case 'control-characters':
      return t.errorIdentifierControl;
    case 'not-found':
      return t.errorUserNotFound;
  }
}

/** "Already a member", and the truth when "Group admin" was asked for: the API cannot change that flag. */
function alreadyMessage(outcome: Extract<AddOutcome, { kind: 'already' }>, t: Messages): string {
  if (outcome.askedAdmin && outcome.isAdmin === false)
    return outcome.since ? t.alreadyMemberNotAdminSince : t.alreadyMemberNotAdmin;
  if (outcome.askedAdmin && outcome.isAdmin === null) return t.alreadyMemberAdminUnknown;
  return outcome.since ? t.alreadyMemberSince : t.alreadyMember;
}

export function AddMemberForm({
  labelledBy,
  presetGroupId,
  presetUserId,
}: {
  labelledBy: string;
  presetGroupId: number | null;
  presetUserId: number | null;
}) {
  const t = useMessages(membershipMessages);
  const format = useFormat();
  const queryClient = useQueryClient();
  const id = useId();
  const groupInput = useRef<HTMLInputElement>(null);
  const identifierInput = useRef<HTMLInputElement>(null);

  const preset = usePresetGroup(presetGroupId);
  const group = preset.group;

  // The people directory or this session may know the preset user: their identifier is then filled in.
  const known = usePersonName(presetUserId ?? 0);
  const [typedIdentifier, setTypedIdentifier] = useState<string | null>(null);
  const identifier = typedIdentifier ?? known?.user_organisation_identifier ?? '';
  // A preset user the dashboard cannot name by identifier is chosen by id until someone types.
  const bareUserId =
    typedIdentifier === null && presetUserId !== null && !known?.user_organisation_identifier ? presetUserId : null;
  const lookup = useUserLookup(identifier);

  const [admin, setAdmin] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<AddMemberField, AddMemberProblem | 'not-found'>>>({});
  const { add, phase, outcome, reset } = useAddMember();
  const pending = phase !== 'idle';
  // An outcome speaks of what was submitted: once an input changes it no longer applies.
  const clearOutcome = () => {
    if (!pending && outcome) reset();
  };

  async function resolvePerson(): Promise<Person | null> {
    if (bareUserId !== null && identifier.trim() === '') return { userId: bareUserId };
    if (lookup.kind === 'found') return { user: lookup.user };
    try {
      return { user: await queryClient.fetchQuery(userQueries.byIdentifier(identifier.trim())) };
    } catch (error) {
      if (isApiError(error) && error.isNotFound) {
        setErrors({ identifier: 'not-found' });
        identifierInput.current?.focus();
        return null;
      }
      throw error;
    }
  }

  function submit(event?: FormEvent) {
    event?.preventDefault();
    if (pending) return;
    const problems = validateAddMember({ grpId: group?.grp_id ?? null, identifier, presetUserId: bareUserId });
    setErrors(problems);
    if (problems.group || problems.identifier) {
      reset();
      (problems.group ? groupInput : identifierInput).current?.focus();
      return;
    }
    if (group) add({ group, admin, resolvePerson });
  }

  const personName = (person: Person) => {
    if ('user' in person)
      return (
        displayName(person.user) ||
        person.user.user_organisation_identifier ||
        fill(t.presetUser, { id: person.user.user_id })
      );
    return known ? displayName(known) : fill(t.presetUser, { id: person.userId });
  };

  const hasErrors = Boolean(errors.group || errors.identifier);

  return (
    <form className={`card ${styles.form}`} aria-labelledby={labelledBy} onSubmit={submit} noValidate>
      {hasErrors && (
        <p className="notice notice-error" role="alert">
          {t.errorSummary}
        </p>
      )}
      <GroupCombobox
        value={group}
        onChange={(next) => {
          preset.choose(next);
          clearOutcome();
          if (next) setErrors((e) => ({ ...e, group: undefined }));
        }}
        error={errors.group ? problemText(errors.group, t) : null}
        note={preset.note}
        inputRef={groupInput}
      />
      {preset.error !== null && <ApiErrorNotice error={preset.error} onRetry={preset.retry} />}
      <IdentifierField
        inputRef={identifierInput}
        value={identifier}
        onChange={(value) => {
          setTypedIdentifier(value);
          clearOutcome();
          if (errors.identifier) setErrors((e) => ({ ...e, identifier: undefined }));
        }}
        lookup={lookup}
        // A failed submit shows its own notice with a retry: the lookup's would say the same again.
        showLookupFailure={outcome?.kind !== 'failed'}
        bareUserId={bareUserId}
        error={errors.identifier ? problemText(errors.identifier, t) : null}
      />
      <div className="field">
        <label className="checkbox">
          <input
            type="checkbox"
            checked={admin}
            onChange={(event) => {
              setAdmin(event.target.checked);
              clearOutcome();
            }}
            aria-describedby={`${id}-admin-hint`}
          />
          <span>{t.adminLabel}</span>
        </label>
        <p id={`${id}-admin-hint`} className="hint">
          {t.adminHint}
        </p>
      </div>
      <div className={styles.actions}>
        <Button kind="primary" type="submit" aria-disabled={pending || undefined} aria-busy={pending || undefined}>
          {pending && <span className={styles.spinner} aria-hidden="true" />}
          {t.submit}
        </Button>
        <p className={styles.lookupMuted} role="status" aria-live="polite">
          {phase === 'checking' ? t.checking : phase === 'creating' ? t.submitting : ''}
        </p>
      </div>

      {outcome?.kind === 'added' && (
        <div className="notice notice-success" role="status">
          <p>
            {fillNodes(outcome.membership.user_grp_group_admin === 1 ? t.addedAdmin : t.added, {
              name: <PortalText>{personName(outcome.person)}</PortalText>,
              group: <GroupName group={outcome.group} />,
            })}
          </p>
          <p className={styles.actions}>
            <Link to={paths.group(outcome.group.grp_id)}>
              {fillNodes(t.openGroup, { group: <GroupName group={outcome.group} /> })}
            </Link>
            <Button
              kind="quiet"
              onClick={() => {
                reset();
                setTypedIdentifier('');
                setAdmin(false);
                identifierInput.current?.focus();
              }}
            >
              {t.addAnother}
            </Button>
          </p>
        </div>
      )}
      {outcome?.kind === 'already' && (
        <div className="notice notice-info" role="status">
          <p>
            {fillNodes(alreadyMessage(outcome, t), {
              name: <PortalText>{personName(outcome.person)}</PortalText>,
              group: <GroupName group={outcome.group} />,
              date: format.date(outcome.since),
            })}
          </p>
          <p>
            <Link to={paths.group(outcome.group.grp_id)}>
              {fillNodes(t.openGroup, { group: <GroupName group={outcome.group} /> })}
            </Link>
          </p>
        </div>
      )}
      {outcome?.kind === 'failed' && (
        <div>
          <p className={styles.lookupMissing}>{outcome.uncertain ? t.uncertain : t.failed}</p>
          <ApiErrorNotice error={outcome.error} onRetry={() => submit()} />
        </div>
      )}
    </form>
  );
}
