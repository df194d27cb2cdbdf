// @vitest-environment jsdom
// The tree component in a DOM: one tab stop, focus moves with the keys, Enter navigates, and a
// level of thousands renders only a window of rows.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { MemoryRouter, Route, Routes, useParams } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Grp } from '#schemas/grp.ts';
import { flattenTree, type ChildrenState } from './tree/flatten.ts';
import { GroupTree } from './tree/group-tree.tsx';

function grp(id: number, name: string, parent: number | null = null): Grp {
  return {
    grp_id: id,
    grp_name: name,
    grp_description: null,
    grp_parent_id: parent,
    grp_external_id: null,
    grp_external_name: null,
    grp_created_date: null,
    grp_updated_date: null,
  };
}

const bigChildren = Array.from({ length: 2500 }, (_, i) => grp(100 + i, `stores-${String(i + 1).padStart(4, '0')}`, 2));
const roots = [grp(1, 'sales'), grp(2, 'stores'), grp(3, 'support')];
const loaded: Record<number, ChildrenState> = {
  1: { status: 'success', children: [grp(10, 'sales-emea', 1)] },
  2: { status: 'success', children: bigChildren },
};

function Harness({ onExpand }: { onExpand: (id: number, open: boolean) => void }) {
  const [expanded, setExpandedState] = useState<Set<number>>(new Set());
  const [activeId, setActive] = useState<number | null>(null);
  const rows = flattenTree({ roots, expanded, childrenOf: (id) => loaded[id], indexedChildCount: () => null });
  return (
    <GroupTree
      rows={rows}
      busy={false}
      activeId={activeId}
      setActive={setActive}
      setExpanded={(id, open) => {
        onExpand(id, open);
        setExpandedState((current) => {
          const next = new Set(current);
          if (open) next.add(id);
          else next.delete(id);
          return next;
        });
      }}
      revealId={null}
      onRevealed={() => {}}
    />
  );
}

function GroupRoute() {
  return <h1>Group {useParams().id}</h1>;
}

function renderTree(onExpand = vi.fn()) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={['/groups']}>
        <Routes>
          <Route path="/groups" element={<Harness onExpand={onExpand} />} />
          <Route path="/groups/:id" element={<GroupRoute />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return onExpand;
}

const item = (name: string) => screen.getByRole('treeitem', { name: new RegExp(`^${name}(?![\\w-])`) });
const key = (k: string) => act(() => void fireEvent.keyDown(document.activeElement!, { key: k }));

beforeAll(() => {
  // jsdom has no layout: give the scroll container a height so the virtualiser renders a window.
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 600 });
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 800 });
});
afterEach(cleanup);

describe('GroupTree', () => {
  it('says in words what the numbers after a name are', () => {
    renderTree();
    const legend = screen.getByText('After each name:').parentElement!;
    // The samples show the two numbers as the rows do; the words name them.
    expect(legend.textContent).toBe('After each name:12 members3 subgroups');
    expect(legend.compareDocumentPosition(screen.getByRole('tree'))).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
  });

  it('has one tab stop and the tree keyboard', () => {
    const onExpand = renderTree();
    const tree = screen.getByRole('tree', { name: 'Groups' });
    expect(tree.querySelectorAll('[tabindex="0"]')).toHaveLength(1);
    act(() => item('sales').focus());

    key('ArrowDown');
    expect(document.activeElement).toBe(item('stores'));
    key('End');
    expect(document.activeElement).toBe(item('support'));
    key('Home');
    expect(document.activeElement).toBe(item('sales'));

    key('ArrowRight');
    expect(onExpand).toHaveBeenLastCalledWith(1, true);
    expect(item('sales').getAttribute('aria-expanded')).toBe('true');
    key('ArrowRight');
    expect(document.activeElement).toBe(item('sales-emea'));
    expect(item('sales-emea').getAttribute('aria-level')).toBe('2');
    key('ArrowLeft');
    expect(document.activeElement).toBe(item('sales'));
    key('ArrowLeft');
    expect(onExpand).toHaveBeenLastCalledWith(1, false);

    key('s');
    key('u');
    expect(document.activeElement).toBe(item('support'));
    expect(tree.querySelectorAll('[tabindex="0"]')).toHaveLength(1);

    key('Enter');
    expect(screen.getByRole('heading', { name: 'Group 3' })).toBeTruthy();
  });

  it('names each group with its count of subgroups, singular for one', () => {
    renderTree();
    // The text a screen reader reads (jsdom's accessible names drop the spaces between elements).
    expect(item('sales').textContent).toBe('sales, 1 subgroup');
    expect(item('stores').textContent).toBe('stores, 2,500 subgroups');
    expect(item('sales').querySelector('[title]')?.getAttribute('title')).toBe('1 subgroup');
  });

  it('renders a window of a 2,500-child level with positions in the set', () => {
    renderTree();
    act(() => item('stores').focus());
    key('ArrowRight');
    const tree = screen.getByRole('tree', { name: 'Groups' });
    const items = tree.querySelectorAll('[role="treeitem"]');
    expect(items.length).toBeGreaterThan(10);
    expect(items.length).toBeLessThan(60);
    expect(tree.querySelectorAll('*').length).toBeLessThan(400);
    expect(item('stores-0001').getAttribute('aria-setsize')).toBe('2500');

    key('End');
    expect(document.activeElement?.getAttribute('aria-posinset')).toBe('3');
    expect(document.activeElement?.textContent).toMatch(/^support/);
    key('ArrowUp');
    expect(document.activeElement?.textContent).toMatch(/^stores-2500/);
    expect(document.activeElement?.getAttribute('aria-posinset')).toBe('2500');
  });
});
