// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PropertiesView } from './properties-view.tsx';

afterEach(cleanup);

describe('PropertiesView', () => {
  it('shows any shape readably: nested objects as key/value lists, arrays as lists, scalars as text', () => {
    const { container } = render(
      <PropertiesView
        value={{
          department: 'Finance',
          remote: true,
          manager: { name: 'Ana', level: 3, contacts: ['a@x.fr', 'b@x.fr'] },
          badges: [{ id: 1 }, { id: 2 }],
          note: null,
          tags: [],
        }}
      />,
    );
    expect(screen.getByText('Finance')).toBeTruthy();
    expect(screen.getByText('Yes')).toBeTruthy();
    const manager = screen.getByText('manager').closest('div');
    expect(manager && within(manager).getByText('Ana')).toBeTruthy();
    expect(
      manager &&
        within(manager)
          .getAllByRole('listitem')
          .map((li) => li.textContent),
    ).toEqual(['a@x.fr', 'b@x.fr']);
    expect(container.querySelectorAll('ol > li')).toHaveLength(2);
    expect(screen.getByText('Not set')).toBeTruthy();
    expect(screen.getByText('Empty list')).toBeTruthy();
    expect(container.textContent).not.toContain('[object Object]');
  });

  it('says so when there are no properties (an empty object, or the [] a PHP portal sends)', () => {
    render(<PropertiesView value={[]} />);
    expect(screen.getByText('No properties')).toBeTruthy();
    cleanup();
    render(<PropertiesView value={{}} />);
    expect(screen.getByText('No properties')).toBeTruthy();
  });
});
