import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { CheckboxField } from './CheckboxField';
import { FormAlert } from './FormAlert';
import { FormField } from './FormField';
import { PasswordStrength } from './PasswordStrength';
import { SubmitButton } from './SubmitButton';
import { TextField } from './TextField';

const SignInForm = z.object({
  email: z.string().email('Enter a valid email address'),
  password: z.string().min(1, 'Enter your password'),
});

function SignIn({ onValid = () => undefined }: { onValid?: (v: unknown) => void }) {
  const form = useForm<z.infer<typeof SignInForm>>({
    resolver: zodResolver(SignInForm),
    defaultValues: { email: '', password: '' },
  });
  return (
    <form noValidate onSubmit={form.handleSubmit(onValid)}>
      <FormField form={form} name="email" label="Email" type="email" hint="We never share it" />
      <FormField form={form} name="password" label="Password" type="password" />
      <SubmitButton pending={false} pendingText="Signing in...">
        Sign in
      </SubmitButton>
    </form>
  );
}

describe('TextField', () => {
  it('is named by its label and described by the line under it', () => {
    render(<TextField label="Username" helperText="3 to 24 letters" autoComplete="username" />);
    const input = screen.getByLabelText('Username');
    expect(input.getAttribute('autocomplete')).toBe('username');
    expect(input.getAttribute('aria-invalid')).toBe('false');
    const helper = screen.getByText('3 to 24 letters');
    expect(input.getAttribute('aria-describedby')).toBe(helper.id);
  });

  it('has no description without a line under it', () => {
    render(<TextField label="Username" />);
    expect(screen.getByLabelText('Username').hasAttribute('aria-describedby')).toBe(false);
  });
});

describe('FormField', () => {
  it("shows the schema's messages on the fields, marked invalid, and sends nothing", async () => {
    let sent: unknown;
    render(<SignIn onValid={(v) => (sent = v)} />);
    expect(screen.getByText('We never share it')).toBeDefined();
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Enter a valid email address')).toBeDefined();
    expect(screen.getByText('Enter your password')).toBeDefined();
    // The error replaces the hint.
    expect(screen.queryByText('We never share it')).toBeNull();
    const email = screen.getByLabelText('Email');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(email.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Enter a valid email address',
    );
    expect(sent).toBeUndefined();
  });

  it('sends the typed values once they are valid', async () => {
    let sent: unknown;
    render(<SignIn onValid={(v) => (sent = v)} />);
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'casey@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret words' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() =>
      expect(sent).toEqual({ email: 'casey@example.com', password: 'secret words' }),
    );
  });

  it("shows or hides the password; the button is not found by the field's label", () => {
    render(<SignIn />);
    const password = screen.getByLabelText('Password');
    expect(password.getAttribute('type')).toBe('password');
    fireEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password.getAttribute('type')).toBe('text');
    fireEvent.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password.getAttribute('type')).toBe('password');
    expect(screen.getAllByLabelText(/password/i)).toEqual([password]);
  });
});

describe('CheckboxField', () => {
  it('is named by its label and described by its error', () => {
    render(<CheckboxField label="I am 18 or older" error="You must be 18 or older" />);
    const box = screen.getByRole('checkbox', { name: 'I am 18 or older' });
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(box.getAttribute('aria-describedby')!)?.textContent).toBe(
      'You must be 18 or older',
    );
    fireEvent.click(screen.getByText('I am 18 or older'));
    expect((box as HTMLInputElement).checked).toBe(true);
  });
});

describe('SubmitButton', () => {
  it('is disabled and says so while the request runs', () => {
    render(
      <SubmitButton pending pendingText="Signing in...">
        Sign in
      </SubmitButton>,
    );
    const button = screen.getByRole('button', { name: 'Signing in...' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(button.getAttribute('type')).toBe('submit');
  });
});

describe('FormAlert', () => {
  it('is announced, with its action', () => {
    render(
      <FormAlert action={<button type="button">Start over</button>}>
        Please sign in again
      </FormAlert>,
    );
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
