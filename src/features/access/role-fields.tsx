// The role and the groups of an account, as the invitation and the change ask them.
import { accountRoles, type AccountRole } from '#schemas/account-session.ts';
import { Field } from '#components/field.tsx';
import { useMessages } from '#lib/i18n.tsx';
import { accessMessages } from './messages.ts';

/** "3, 9" as group ids; null when something else was written. */
export function parseGroupIds(text: string): number[] | null {
  const parts = text
    .split(/[\s,;]+/)
    .map((part) => part.trim())
    .filter(Boolean);
  if (!parts.every((part) => /^\d{1,9}$/.test(part))) return null;
  return [...new Set(parts.map(Number))];
}

/**
 * The groups to send for this role (a manager's; none for the others, who see every group), or the
 * message that says what is wrong with what was written.
 */
export function groupsOfRole(
  role: AccountRole,
  text: string,
  t: { groupsInvalid: string; groupsRequired: string },
): { groupIds: number[] } | { problem: string } {
  if (role !== 'manager') return { groupIds: [] };
  const groupIds = parseGroupIds(text);
  if (!groupIds) return { problem: t.groupsInvalid };
  return groupIds.length > 0 ? { groupIds } : { problem: t.groupsRequired };
}

export function useRoleNames(): Record<AccountRole, string> {
  const t = useMessages(accessMessages);
  return { admin: t.roleAdmin, manager: t.roleManager, viewer: t.roleViewer };
}

export function RoleFields({
  role,
  groups,
  onRole,
  onGroups,
  groupsError,
}: {
  role: AccountRole;
  groups: string;
  onRole: (role: AccountRole) => void;
  onGroups: (groups: string) => void;
  groupsError: string | null;
}) {
  const t = useMessages(accessMessages);
  const names = useRoleNames();
  return (
    <>
      <Field label={t.role}>
        {(control) => (
          <select {...control} value={role} onChange={(event) => onRole(event.target.value as AccountRole)}>
            {accountRoles.map((each) => (
              <option key={each} value={each}>
                {names[each]}
              </option>
            ))}
          </select>
        )}
      </Field>
      {role === 'manager' && (
        <Field label={t.groups} hint={t.groupsHint} error={groupsError ?? undefined}>
          {(control) => (
            <input
              {...control}
              inputMode="numeric"
              autoComplete="off"
              value={groups}
              onChange={(event) => onGroups(event.target.value)}
            />
          )}
        </Field>
      )}
    </>
  );
}
