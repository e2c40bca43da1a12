import { describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LoginRequest } from '@grail/contract';
import { ApiError } from '@/lib/api/client';
import { Form } from './Form';
import { FormSubmit, FormTextField } from './FormFields';
import { FormSelect } from './FormSelect';

function SignIn({ onSubmit }: { onSubmit: (values: LoginRequest) => unknown }) {
  return (
    <Form schema={LoginRequest} defaultValues={{ email: '', password: '' }} onSubmit={onSubmit}>
      <FormTextField name="email" label="Email" type="email" helperText="We never share it" />
      <FormTextField name="password" label="Password" type="password" />
      <FormSubmit pendingText="Signing in...">Sign in</FormSubmit>
    </Form>
  );
}

const describedBy = (field: HTMLElement) =>
  document.getElementById(field.getAttribute('aria-describedby')!)?.textContent;

describe('Form', () => {
  it("shows the contract's message for a schema failure, on a field marked invalid", async () => {
    const user = userEvent.setup();
    const sent: unknown[] = [];
    render(<SignIn onSubmit={(values) => sent.push(values)} />);
    await user.type(screen.getByLabelText('Email'), 'casey');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    const email = screen.getByLabelText('Email');
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    expect(describedBy(email)).toBe('Enter a valid email address');
    expect(describedBy(screen.getByLabelText('Password'))).toBe('Enter your password');
    expect(screen.queryByText('We never share it')).toBeNull();
    expect(sent).toEqual([]);
  });

  it("shows the server's message above the fields when it refuses, and is busy meanwhile", async () => {
    const user = userEvent.setup();
    let refuse: (error: unknown) => void = () => undefined;
    render(
      <SignIn
        onSubmit={() =>
          new Promise((_, reject) => {
            refuse = reject;
          })
        }
      />,
    );
    await user.type(screen.getByLabelText('Email'), 'casey@example.com');
    await user.type(screen.getByLabelText('Password'), 'wrong words');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    const busy = await screen.findByRole('button', { name: 'Signing in...' });
    expect(busy.getAttribute('aria-busy')).toBe('true');
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    refuse(
      new ApiError('Incorrect email or password.', 401, {
        message: 'Incorrect email or password.',
        error: 'Unauthorized',
      }),
    );
    expect((await screen.findByRole('alert')).textContent).toBe('Incorrect email or password.');
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeDefined();
  });

  it('puts a server error on the field the server names', async () => {
    const user = userEvent.setup();
    render(
      <SignIn
        onSubmit={() => {
          throw new ApiError('That address is taken.', 409, {
            message: 'That address is taken.',
            error: 'Conflict',
            field: 'email',
          });
        }}
      />,
    );
    await user.type(screen.getByLabelText('Email'), 'casey@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret words');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    const email = screen.getByLabelText('Email');
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    expect(describedBy(email)).toBe('That address is taken.');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("shows the shared map's plain words for a rule without a message of its own", async () => {
    const user = userEvent.setup();
    const { z } = await import('zod');
    render(
      <Form
        schema={z.object({ nickname: z.string().min(3) })}
        defaultValues={{ nickname: '' }}
        onSubmit={() => undefined}
      >
        <FormTextField name="nickname" label="Nickname" />
        <FormSubmit>Save</FormSubmit>
      </Form>,
    );
    await user.type(screen.getByLabelText('Nickname'), 'ab');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const nickname = screen.getByLabelText('Nickname');
    await waitFor(() => expect(nickname.getAttribute('aria-invalid')).toBe('true'));
    expect(describedBy(nickname)).toBe('Use at least 3 characters.');
  });

  it('sends the checked values, a select bound by name included', async () => {
    const user = userEvent.setup();
    const sent: unknown[] = [];
    const { z } = await import('zod');
    const Shipping = z.object({ speed: z.enum(['standard', 'express']) });
    render(
      <Form
        schema={Shipping}
        defaultValues={{ speed: 'standard' }}
        onSubmit={(values) => sent.push(values)}
      >
        <FormSelect
          name="speed"
          label="Speed"
          options={[
            { value: 'standard', label: 'Standard' },
            { value: 'express', label: 'Express' },
          ]}
        />
        <FormSubmit>Save</FormSubmit>
      </Form>,
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toEqual([{ speed: 'standard' }]));
  });
});
