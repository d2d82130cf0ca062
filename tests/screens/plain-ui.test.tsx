import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PlainField } from '../../src/ui/plain-field';
import { SnackbarView } from '../../src/ui/snackbar-view';
import { setupTestBackend } from '../mocks/support';
import { renderConsoleAt } from './support';

/**
 * The plain UI the sign-in page is drawn with (docs/decisions/019-sign-in-without-joy.md): what
 * Joy's components gave for free — a label tied to its input, a message tied and marking it
 * invalid, a snackbar closed by Escape — has to hold here by hand.
 */
setupTestBackend();

afterEach(() => cleanup());

describe('PlainField', () => {
  it('names the input by its label; a message is tied to it and marks it invalid', () => {
    const { rerender } = render(<PlainField label="Email" name="email" value="" onChange={() => {}} />);
    const input = screen.getByLabelText('Email');
    expect(input.getAttribute('aria-invalid')).toBeNull();
    expect(input.getAttribute('aria-describedby')).toBeNull();

    rerender(<PlainField label="Email" name="email" value="" onChange={() => {}} error="Enter your e-mail" />);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const message = document.getElementById(input.getAttribute('aria-describedby')!);
    expect(message?.textContent).toBe('Enter your e-mail');
    expect(input.closest('.plain-field')?.hasAttribute('data-invalid')).toBe(true);
  });

  it('puts its end button inside the field, after the input', () => {
    render(<PlainField label="Password" type="password" value="" onChange={() => {}} endButton={<button type="button">Show password</button>} />);
    const input = screen.getByLabelText('Password');
    const button = screen.getByRole('button', { name: 'Show password' });
    expect(input.parentElement).toBe(button.parentElement);
    expect(input.compareDocumentPosition(button) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});

describe('SnackbarView', () => {
  it('shows nothing without a message', () => {
    const { container } = render(<SnackbarView message={undefined} severity="error" closeLabel="Close message" onClose={() => {}} />);
    expect(container.innerHTML).toBe('');
  });

  it('is an alert for errors and warnings, a status otherwise, and says its severity', () => {
    const { rerender } = render(<SnackbarView message="Error on save" severity="error" closeLabel="Close message" onClose={() => {}} />);
    expect(screen.getByRole('alert').textContent).toContain('Error on save');
    rerender(<SnackbarView message="Late" severity="warning" closeLabel="Close message" onClose={() => {}} />);
    expect(screen.getByRole('alert').getAttribute('data-severity')).toBe('warning');
    rerender(<SnackbarView message="Saved" severity="success" closeLabel="Close message" onClose={() => {}} />);
    expect(screen.getByRole('status').getAttribute('data-severity')).toBe('success');
  });

  it('closes on its button and on Escape, not on a click elsewhere', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn<() => void>();
    render(
      <>
        <button type="button">Elsewhere</button>
        <SnackbarView message="Error on save" severity="error" closeLabel="Close message" onClose={onClose} />
      </>,
    );
    await user.click(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(onClose).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Close message' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(2);
  });
});

describe('the sign-in page', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });

  it('renders without a single Joy component, and writes nothing to storage', async () => {
    renderConsoleAt('/auth/login', { demoAccount: { email: 'demo@store.test', password: 'demo1234' } });
    await screen.findByRole('button', { name: 'Sign in' });
    expect(screen.getByRole('button', { name: 'Use demo account' })).toBeTruthy();
    expect(document.querySelectorAll('[class*="Mui"]').length).toBe(0);
    expect(Object.keys(localStorage)).toEqual([]);
  });
});
