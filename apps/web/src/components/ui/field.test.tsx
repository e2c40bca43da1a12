import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { Alert } from './Alert';
import { Button } from './Button';
import { Checkbox } from './Checkbox';
import { PasswordField } from './PasswordField';
import { PasswordStrength } from './PasswordStrength';
import { TextField } from './TextField';

describe('TextField', () => {
  it('is named by its label and described by the line under it', () => {
    render(<TextField label="Username" helperText="3 to 24 letters" autoComplete="username" />);
    const input = screen.getByLabelText('Username');
    expect(input.getAttribute('autocomplete')).toBe('username');
    expect(input.getAttribute('aria-invalid')).toBe('false');
    const helper = screen.getByText('3 to 24 letters');
    expect(input.getAttribute('aria-describedby')).toBe(helper.id);
  });

  it('is marked invalid and described by the exact message of its error', () => {
    render(
      <TextField label="Date of birth" helperText="DD/MM/YYYY" error="You must be 18 or older." />,
    );
    const input = screen.getByLabelText('Date of birth');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(input.getAttribute('aria-describedby')!)?.textContent).toBe(
      'You must be 18 or older.',
    );
    expect(screen.queryByText('DD/MM/YYYY')).toBeNull();
  });

  it('draws a textarea when multiline, tied to its error the same way', () => {
    render(<TextField multiline rows={3} label="Notes" error="Keep it under 500 characters" />);
    const area = screen.getByLabelText('Notes');
    expect(area.tagName).toBe('TEXTAREA');
    expect(area.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(area.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Keep it under 500 characters',
    );
  });

  it('shows a unit before the value, outside its name, and a placeholder', () => {
    render(<TextField label="Per 24 hours" startAdornment="$" placeholder="No limit" />);
    const input = screen.getByRole('textbox', { name: 'Per 24 hours' });
    expect(input.getAttribute('placeholder')).toBe('No limit');
    expect(screen.getByText('$').compareDocumentPosition(input)).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
  });

  it('has no description without a line under it', () => {
    render(<TextField label="Username" />);
    expect(screen.getByLabelText('Username').hasAttribute('aria-describedby')).toBe(false);
  });
});

describe('PasswordField', () => {
  it("shows or hides the password; the button is not found by the field's label", () => {
    render(<PasswordField label="Password" />);
    const password = screen.getByLabelText('Password');
    expect(password.getAttribute('type')).toBe('password');
    fireEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password.getAttribute('type')).toBe('text');
    fireEvent.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password.getAttribute('type')).toBe('password');
    expect(screen.getAllByLabelText(/password/i)).toEqual([password]);
  });
});

describe('Checkbox', () => {
  it('is named by its label and described by its error', () => {
    render(<Checkbox label="I am 18 or older" error="You must be 18 or older" />);
    const box = screen.getByRole('checkbox', { name: 'I am 18 or older' });
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(box.getAttribute('aria-describedby')!)?.textContent).toBe(
      'You must be 18 or older',
    );
    fireEvent.click(screen.getByText('I am 18 or older'));
    expect((box as HTMLInputElement).checked).toBe(true);
  });
});

describe('Button', () => {
  it('is disabled and busy while loading, and says what runs', () => {
    render(
      <Button type="submit" loading loadingText="Signing in...">
        Sign in
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Signing in...' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(button.getAttribute('type')).toBe('submit');
  });

  it('never submits a form unless told to', () => {
    render(<Button>Cancel</Button>);
    const button = screen.getByRole('button', { name: 'Cancel' });
    expect(button.getAttribute('type')).toBe('button');
    expect(button.hasAttribute('aria-busy')).toBe(false);
  });
});

describe('Alert', () => {
  it('is announced, with its action', () => {
    render(<Alert action={<button type="button">Start over</button>}>Please sign in again</Alert>);
    expect(screen.getByRole('alert').textContent).toContain('Please sign in again');
    expect(screen.getByRole('button', { name: 'Start over' })).toBeDefined();
  });
});

describe('PasswordStrength', () => {
  it('advises while empty, then rates the password', () => {
    const { rerender } = render(<PasswordStrength password="" />);
    const bar = screen.getByRole('progressbar', { name: 'Password strength' });
    expect(bar.getAttribute('aria-valuenow')).toBe('0');
    expect(screen.getByText(/Use 8 or more characters/)).toBeDefined();
    rerender(<PasswordStrength password="correct horse battery 9 staple" />);
    expect(bar.getAttribute('aria-valuenow')).toBe('100');
    expect(screen.getByText('Strength: Strong')).toBeDefined();
    rerender(<PasswordStrength password="password1" />);
    expect(screen.getByText('Strength: Weak')).toBeDefined();
  });
});
