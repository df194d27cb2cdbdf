// What is open and which item holds the tab stop. Kept outside the component so that coming
// back from a group's page shows the tree as it was left (for as long as the app is open).
import { useCallback, useSyncExternalStore } from 'react';

interface TreeState {
  expanded: ReadonlySet<number>;
  /** The group that holds the tree's single tab stop. */
  activeId: number | null;
}

let state: TreeState = { expanded: new Set(), activeId: null };
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

function update(next: Partial<TreeState>) {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

export function useTreeState() {
  const current = useSyncExternalStore(subscribe, () => state);
  const setExpanded = useCallback((id: number, open: boolean) => {
    const expanded = new Set(state.expanded);
    if (open) expanded.add(id);
    else expanded.delete(id);
    update({ expanded });
  }, []);
  const expandAll = useCallback((ids: readonly number[]) => {
    update({ expanded: new Set([...state.expanded, ...ids]) });
  }, []);
  const setActive = useCallback((activeId: number | null) => {
    if (state.activeId !== activeId) update({ activeId });
  }, []);
  return { ...current, setExpanded, expandAll, setActive };
}
