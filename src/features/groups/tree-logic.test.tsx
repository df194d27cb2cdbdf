// Pure tree logic: flattening the open tree into rows, and the WAI-ARIA keyboard answers.
import { describe, expect, it } from 'vitest';
import type { Grp } from '#schemas/grp.ts';
import { flattenTree, type ChildrenState } from './tree/flatten.ts';
import { findParentIndex, keyAction, typeAheadIndex } from './tree/keyboard.ts';

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

const sales = grp(1, 'sales');
const emea = grp(2, 'sales-emea', 1);
const apac = grp(3, 'sales-apac', 1);
const france = grp(4, 'sales-emea-france', 2);
const stores = grp(5, 'Stores');
const roots = [sales, stores];

function flatten(expanded: number[], loaded: Record<number, ChildrenState>, indexed?: Record<number, number>) {
  return flattenTree({
    roots,
    expanded: new Set(expanded),
    childrenOf: (id) => loaded[id],
    indexedChildCount: (id) => (indexed ? (indexed[id] ?? 0) : null),
  });
}

describe('flattenTree', () => {
  it('lists the roots with level, set size and position', () => {
    const rows = flatten([], {});
    expect(rows.map((r) => [r.group.grp_name, r.level, r.setSize, r.posInSet, r.expanded, r.childCount])).toEqual([
      ['sales', 1, 2, 1, false, null],
      ['Stores', 1, 2, 2, false, null],
    ]);
  });

  it('shows loaded children under an open node, depth first', () => {
    const rows = flatten([1, 2], {
      1: { status: 'success', children: [emea, apac] },
      2: { status: 'success', children: [france] },
    });
    expect(rows.map((r) => `${r.level}:${r.group.grp_name}:${r.posInSet}/${r.setSize}:${r.parentId}`)).toEqual([
      '1:sales:1/2:null',
      '2:sales-emea:1/2:1',
      '3:sales-emea-france:1/1:2',
      '2:sales-apac:2/2:1',
      '1:Stores:2/2:null',
    ]);
  });

  it('marks an open node that is loading or failed', () => {
    expect(flatten([1], { 1: { status: 'pending' } })[0]).toMatchObject({ expanded: true, status: 'loading' });
    expect(flatten([1], {})[0]).toMatchObject({ expanded: true, status: 'loading' });
    expect(flatten([1], { 1: { status: 'error' } })[0]).toMatchObject({ expanded: true, status: 'error' });
  });

  it('keeps the open state of hidden descendants without showing them', () => {
    const rows = flatten([2], { 2: { status: 'success', children: [france] } });
    expect(rows.map((r) => r.group.grp_name)).toEqual(['sales', 'Stores']);
  });

  it('uses the complete index to know leaves, and never opens a leaf', () => {
    const rows = flatten([5], {}, { 1: 2 });
    expect(rows.map((r) => [r.group.grp_name, r.childCount, r.expanded])).toEqual([
      ['sales', 2, false],
      ['Stores', 0, false],
    ]);
  });

  it('stops on a cycle in the data', () => {
    const loop = grp(1, 'sales', 2);
    const rows = flatten([1, 2], {
      1: { status: 'success', children: [emea] },
      2: { status: 'success', children: [loop] },
    });
    expect(rows.map((r) => r.group.grp_name)).toEqual(['sales', 'sales-emea', 'sales', 'Stores']);
    expect(rows[2]?.expanded).toBe(false);
  });
});

describe('keyAction', () => {
  const open = flatten([1], { 1: { status: 'success', children: [emea, apac] } });
  // rows: 0 sales (open), 1 sales-emea, 2 sales-apac, 3 Stores

  it('moves up and down, to the first and the last row, without wrapping', () => {
    expect(keyAction(open, 0, 'ArrowDown')).toEqual({ type: 'focus', index: 1 });
    expect(keyAction(open, 3, 'ArrowDown')).toEqual({ type: 'focus', index: 3 });
    expect(keyAction(open, 0, 'ArrowUp')).toEqual({ type: 'focus', index: 0 });
    expect(keyAction(open, 2, 'Home')).toEqual({ type: 'focus', index: 0 });
    expect(keyAction(open, 0, 'End')).toEqual({ type: 'focus', index: 3 });
  });

  it('Right opens a closed node, then moves to its first child', () => {
    expect(keyAction(open, 3, 'ArrowRight')).toEqual({ type: 'expand', id: 5 });
    expect(keyAction(open, 0, 'ArrowRight')).toEqual({ type: 'focus', index: 1 });
  });

  it('Right does nothing on a known leaf or a loading node, and retries a failed one', () => {
    const leaf = flatten([], {}, { 1: 1 });
    expect(keyAction(leaf, 1, 'ArrowRight')).toEqual({ type: 'none' });
    expect(keyAction(flatten([1], { 1: { status: 'pending' } }), 0, 'ArrowRight')).toEqual({ type: 'none' });
    expect(keyAction(flatten([1], { 1: { status: 'error' } }), 0, 'ArrowRight')).toEqual({ type: 'retry', id: 1 });
  });

  it('Left closes an open node, or moves to the parent', () => {
    expect(keyAction(open, 0, 'ArrowLeft')).toEqual({ type: 'collapse', id: 1 });
    expect(keyAction(open, 2, 'ArrowLeft')).toEqual({ type: 'focus', index: 0 });
    expect(keyAction(open, 3, 'ArrowLeft')).toEqual({ type: 'none' });
    expect(findParentIndex(open, 2)).toBe(0);
  });

  it('Enter opens the group; other keys are not the tree’s', () => {
    expect(keyAction(open, 1, 'Enter')).toEqual({ type: 'open', id: 2 });
    expect(keyAction(open, 1, 'Tab')).toBeNull();
  });
});

describe('typeAheadIndex', () => {
  const rows = flatten([1], { 1: { status: 'success', children: [emea, apac] } });

  it('finds the next name starting with the typed text, case-insensitively, wrapping', () => {
    expect(typeAheadIndex(rows, 0, 's')).toBe(1);
    expect(typeAheadIndex(rows, 2, 'st')).toBe(3);
    expect(typeAheadIndex(rows, 3, 's')).toBe(0);
    expect(typeAheadIndex(rows, 0, 'sales-a')).toBe(2);
    expect(typeAheadIndex(rows, 0, 'x')).toBe(-1);
  });

  it('cycles through names with the same first letter when it is repeated', () => {
    expect(typeAheadIndex(rows, 1, 'ss')).toBe(2);
  });
});
