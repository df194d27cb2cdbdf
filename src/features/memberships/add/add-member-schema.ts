// What the "Add member" form checks before sending anything (zod/mini, shared identifier rule).
import * as z from 'zod/mini';
import { identifierSchema } from '#domain/import-rows.ts';

export type AddMemberField = 'group' | 'identifier';
export type AddMemberProblem = 'group-required' | 'identifier-required' | 'too-long' | 'control-characters';

const withIdentifier = z.object({
  grpId: z.int('group-required').check(z.positive('group-required')),
  identifier: identifierSchema,
});
/** Opened from a user page for a user the dashboard cannot name: the id alone is enough. */
const withPresetUser = z.object({
  grpId: z.int('group-required').check(z.positive('group-required')),
  userId: z.int().check(z.positive()),
});

export interface AddMemberInput {
  grpId: number | null;
  identifier: string;
  presetUserId: number | null;
}

export function validateAddMember(input: AddMemberInput): Partial<Record<AddMemberField, AddMemberProblem>> {
  const usePreset = input.identifier.trim() === '' && input.presetUserId !== null;
  const parsed = usePreset
    ? withPresetUser.safeParse({ grpId: input.grpId ?? undefined, userId: input.presetUserId })
    : withIdentifier.safeParse({ grpId: input.grpId ?? undefined, identifier: input.identifier });
  const problems: Partial<Record<AddMemberField, AddMemberProblem>> = {};
  if (parsed.success) return problems;
  for (const issue of parsed.error.issues) {
    if (issue.path[0] === 'grpId') problems.group = 'group-required';
    if (issue.path[0] === 'identifier') {
      problems.identifier =
        issue.message === 'too-long' || issue.message === 'control-characters' ? issue.message : 'identifier-required';
    }
  }
  return problems;
}
