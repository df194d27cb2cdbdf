// Which group a row of a multi-group import names: its external id first (what other systems
// export), then its id, then its exact name, then its exact external name (the name an HR system
// gives it, "Marketing UK"). Built once per preview from the group index.
import type { Grp } from '#schemas/grp.ts';

export function groupResolver(groups: readonly Grp[]): (cell: string) => Grp | null {
  const byExternalId = new Map<string, Grp>();
  const byId = new Map<number, Grp>();
  const byName = new Map<string, Grp>();
  const byExternalName = new Map<string, Grp>();
  // In id order, so that two groups of one name (or external id) resolve to the older one, always the same.
  for (const group of [...groups].sort((a, b) => a.grp_id - b.grp_id)) {
    if (group.grp_external_id && !byExternalId.has(group.grp_external_id))
      byExternalId.set(group.grp_external_id, group);
    byId.set(group.grp_id, group);
    if (!byName.has(group.grp_name)) byName.set(group.grp_name, group);
    if (group.grp_external_name && !byExternalName.has(group.grp_external_name))
      byExternalName.set(group.grp_external_name, group);
  }
  return (cell) => {
    const value = cell.trim();
    if (value === '') return null;
    return (
      byExternalId.get(value) ??
      (/^\d+$/.test(value) ? byId.get(Number(value)) : undefined) ??
      byName.get(value) ??
      byExternalName.get(value) ??
      null
    );
  };
}
