// @vitest-environment jsdom
// The field ties its control to the label, the hint, the status line and the error: what a screen
// reader hears as the control's name and description, and when the control is invalid.
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Field } from './field.tsx';

afterEach(cleanup);

describe('Field', () => {
  it('names the control by its label and describes it by its hint', () => {
    render(
      <Field label="Group" hint="Its ID or exact name.">
        {(control) => <input {...control} />}
      </Field>,
    );
    const input = screen.getByRole('textbox', { name: 'Group', description: 'Its ID or exact name.' });
    expect(input.getAttribute('aria-invalid')).toBeNull();
  });

  it('leaves the control undescribed when there is nothing to say', () => {
    render(<Field label="Format">{(control) => <select {...control} />}</Field>);
    expect(screen.getByRole('combobox', { name: 'Format' }).hasAttribute('aria-describedby')).toBe(false);
  });

  it('adds the error after the hint and marks the control invalid; an alert only when asked', () => {
    const { rerender } = render(
      <Field label="Product ID" hint="A whole number." error="Not a product ID.">
        {(control) => <input {...control} />}
      </Field>,
    );
    const input = screen.getByRole('textbox', { name: 'Product ID', description: 'A whole number. Not a product ID.' });
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('alert')).toBeNull();
    rerender(
      <Field label="Product ID" hint="A whole number." error="Not a product ID." alert>
        {(control) => <input {...control} />}
      </Field>,
    );
    expect(screen.getByRole('alert').textContent).toBe('Not a product ID.');
  });

  it('keeps an empty status line in the page, read after the hint, and an error status makes the control invalid', () => {
    const field = (status: string, statusIsError: boolean) => (
      <Field label="CSV file" hint="One identifier a line." status={status} statusIsError={statusIsError}>
        {(control) => <textarea {...control} />}
      </Field>
    );
    const { container, rerender } = render(field('', false));
    const live = container.querySelector('[aria-live="polite"]');
    expect(live?.textContent).toBe('');
    expect(screen.getByRole('textbox').getAttribute('aria-invalid')).toBeNull();
    rerender(field('The file is empty.', true));
    const textbox = screen.getByRole('textbox', {
      name: 'CSV file',
      description: 'One identifier a line. The file is empty.',
    });
    expect(textbox.getAttribute('aria-invalid')).toBe('true');
    expect(container.querySelector('[aria-live="polite"]')).toBe(live);
    expect(live?.className).toBe('field-error');
  });

  it('is described and marked invalid by an error drawn outside it, and draws what goes below the hint', () => {
    render(
      <>
        <Field
          label="Person"
          hint="An identifier."
          invalid
          describedBy="form-error"
          below={<button type="button">Remove</button>}
        >
          {(control) => <input {...control} />}
        </Field>
        <p id="form-error">Nobody has it.</p>
      </>,
    );
    const input = screen.getByRole('textbox', { name: 'Person', description: 'An identifier. Nobody has it.' });
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.closest('.field')?.contains(screen.getByRole('button', { name: 'Remove' }))).toBe(true);
  });
});
