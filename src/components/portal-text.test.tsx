// @vitest-environment jsdom
// Portal text is isolated (a right-to-left override in a name cannot reverse what follows it)
// and a group with an empty name is still named.
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { groupLabel, GroupName } from './group-name.tsx';
import { fillNodes, PortalText } from './portal-text.tsx';

afterEach(cleanup);

const RLO = '\u202E';

describe('PortalText and fillNodes', () => {
  it('puts each portal value of a sentence in its own bdi, and adds no character to the text', () => {
    const { container } = render(
      <p>
        {fillNodes('{name} was added to {group}.', {
          name: <PortalText>{`Ana${RLO}`}</PortalText>,
          group: <PortalText>payroll</PortalText>,
        })}
      </p>,
    );
    const isolates = [...container.querySelectorAll('bdi')];
    expect(isolates.map((bdi) => bdi.textContent)).toEqual([`Ana${RLO}`, 'payroll']);
    // The override stays inside its isolate: the words after it are outside any bdi.
    expect(container.querySelector('p')?.textContent).toBe(`Ana${RLO} was added to payroll.`);
    expect(isolates[0]?.nextSibling?.textContent).toBe(' was added to ');
  });

  it('leaves unknown placeholders as they are', () => {
    const { container } = render(<p>{fillNodes('{a} and {b}', { a: 'x' })}</p>);
    expect(container.textContent).toBe('x and {b}');
  });

  it('refuses a plural or select message in development, as fill does: only formatMessage reads them', () => {
    const name = <PortalText>payroll</PortalText>;
    expect(() => fillNodes('{group} has {count, plural, one {# member} other {# members}}', { group: name })).toThrow(
      /formatMessage/,
    );
    expect(() => fillNodes('{group} is {kind, select, root {a root} other {a subgroup}}', { group: name })).toThrow(
      /formatMessage/,
    );
    expect(() => fillNodes('{group} has {count} members', { group: name, count: 3 })).not.toThrow();
  });
});

describe('groupLabel', () => {
  const t = { groupFallback: 'Group {id}' };
  it('names a group with an empty or blank name by its id', () => {
    expect(groupLabel({ grp_id: 8, grp_name: '' }, t)).toBe('Group 8');
    expect(groupLabel({ grp_id: 8, grp_name: ' \t' }, t)).toBe('Group 8');
    expect(groupLabel({ grp_id: 8, grp_name: 'payroll' }, t)).toBe('payroll');
  });

  it('GroupName renders the label isolated', () => {
    const { container } = render(
      <h1>
        <GroupName group={{ grp_id: 8, grp_name: '' }} />
      </h1>,
    );
    expect(container.querySelector('h1 > bdi')?.textContent).toBe('Group 8');
  });
});
