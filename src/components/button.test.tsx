// @vitest-environment jsdom
// A Button never submits its form unless asked, and looks as its kind says.
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Button, buttonClass } from './button.tsx';

afterEach(cleanup);

describe('Button', () => {
  it('does not submit the form it is in, unless it is the submit button', () => {
    const submit = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
    render(
      <form onSubmit={submit}>
        <Button>Show</Button>
        <Button kind="primary" type="submit">
          Apply
        </Button>
      </form>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    expect(submit).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(submit).toHaveBeenCalledOnce();
  });

  it('carries the classes of its kind before the caller’s own', () => {
    render(
      <Button kind="quiet" className="menu">
        Menu
      </Button>,
    );
    expect(screen.getByRole('button', { name: 'Menu' }).className).toBe('button button-quiet menu');
    expect(buttonClass()).toBe('button');
    expect(buttonClass('primary')).toBe('button button-primary');
  });
});
