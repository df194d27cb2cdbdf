import { describe, expect, it } from 'vitest';
import { validateAddMember } from './add-member-schema.ts';

describe('validateAddMember', () => {
  it('accepts a group and an identifier, or a group and a preset user', () => {
    expect(validateAddMember({ grpId: 3, identifier: ' E100001 ', presetUserId: null })).toEqual({});
    expect(validateAddMember({ grpId: 3, identifier: '', presetUserId: 12 })).toEqual({});
  });

  it('names each missing or malformed field', () => {
    expect(validateAddMember({ grpId: null, identifier: '  ', presetUserId: null })).toEqual({
      group: 'group-required',
      identifier: 'identifier-required',
    });
    expect(validateAddMember({ grpId: 3, identifier: 'x'.repeat(300), presetUserId: null })).toEqual({
      identifier: 'too-long',
    });
    expect(validateAddMember({ grpId: 3, identifier: 'a\tb', presetUserId: null })).toEqual({
      identifier: 'control-characters',
    });
  });
});
