// The group chosen beforehand by `?grp=` (from a group page), for the add form and the import:
// loaded, then the value until someone picks another group.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { isApiError } from '#api/errors.ts';
import { groupQueries } from '#api/groups.ts';
import type { Grp } from '#schemas/grp.ts';
import { fill, useMessages } from '#lib/i18n.tsx';
import { membershipMessages } from './messages.ts';

export interface PresetGroup {
  group: Grp | null;
  choose: (group: Grp | null) => void;
  /** Under the field, while the preset counts: loading, or no such group. */
  note: string | null;
  /** Any other failure to load the preset, to show with a retry. */
  error: unknown;
  retry: () => void;
}

export function usePresetGroup(presetGroupId: number | null): PresetGroup {
  const t = useMessages(membershipMessages);
  // Retried like every read (a 404 is not: see query-client.ts).
  const preset = useQuery({ ...groupQueries.children(presetGroupId ?? 0), enabled: presetGroupId !== null });
  // undefined: not touched yet, so the preset (once loaded) is the value.
  const [chosen, setChosen] = useState<Grp | null | undefined>(undefined);
  const counts = presetGroupId !== null && chosen === undefined;
  const missing = isApiError(preset.error) && preset.error.isNotFound;
  let note: string | null = null;
  if (counts && preset.isPending) note = fill(t.groupPresetLoading, { id: presetGroupId });
  else if (counts && missing) note = fill(t.groupPresetMissing, { id: presetGroupId });
  return {
    group: chosen !== undefined ? chosen : (preset.data ?? null),
    choose: setChosen,
    note,
    error: counts && preset.isError && !missing ? preset.error : null,
    retry: () => void preset.refetch(),
  };
}
