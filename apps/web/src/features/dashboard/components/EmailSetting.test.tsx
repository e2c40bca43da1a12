import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { emailChangeSentMessage, type PublicUser } from '@grail/contract';
import { fakeFetch } from '@/test/fakeFetch';
import { renderWithProviders } from '@/test/providers';
import { resetRequestLayer } from '@/lib/api/client';
import { EmailSetting } from './EmailSetting';

const user: PublicUser = {
  _id: 'u1',
  email: 'casey@example.com',
  username: 'casey',
  role: 'user',
  emailVerified: true,
  displayName: 'Casey Collector',
  dateOfBirth: '1990-04-12',
  shippingAddress: null,
  profileComplete: true,
  totpEnabled: false,
  theme: null,
  clientSeed: 'seed',
  pullsAnonymous: false,
  createdAt: '2026-11-01T10:00:00.000Z',
};

beforeEach(() => resetRequestLayer());
afterEach(() => vi.unstubAllGlobals());

const bodyOf = (calls: { url: string; body: unknown }[]) =>
  JSON.parse(String(calls.find((c) => c.url === '/api/users/me/email')?.body)) as unknown;

describe("Settings' e-mail change", () => {
  it(
    'checks the address by the contract rule, then sends it with the password and says where the link went',
    { timeout: 30_000 },
    async () => {
      const message = emailChangeSentMessage('new@example.com');
      const { calls } = fakeFetch({ 'POST /api/users/me/email': [{ body: { message } }] });
      renderWithProviders(<EmailSetting user={user} />);
      expect(screen.getByText('casey@example.com')).toBeDefined();
      expect(screen.queryByLabelText('Two-factor code')).toBeNull();

      await userEvent.type(screen.getByLabelText('New e-mail address'), 'not-an-address');
      await userEvent.type(
        screen.getByLabelText('Current password'),
        'Grail-machine-test-pw-2026!',
      );
      await userEvent.click(screen.getByRole('button', { name: 'Change e-mail' }));
      expect(await screen.findByText('Enter a valid email address')).toBeDefined();
      expect(calls.filter((c) => c.url === '/api/users/me/email')).toHaveLength(0);

      await userEvent.clear(screen.getByLabelText('New e-mail address'));
      await userEvent.type(screen.getByLabelText('New e-mail address'), 'new@example.com');
      await userEvent.click(screen.getByRole('button', { name: 'Change e-mail' }));
      expect(await screen.findByText(message)).toBeDefined();
      expect(bodyOf(calls)).toEqual({
        newEmail: 'new@example.com',
        currentPassword: 'Grail-machine-test-pw-2026!',
      });
    },
  );

  it(
    'with two-factor on, asks for the code and shows a wrong password on its field',
    { timeout: 30_000 },
    async () => {
      const { calls } = fakeFetch({
        'POST /api/users/me/email': [
          {
            status: 400,
            body: {
              message: 'Your current password is not right.',
              error: 'Bad Request',
              field: 'currentPassword',
            },
          },
        ],
      });
      renderWithProviders(<EmailSetting user={{ ...user, totpEnabled: true }} />);
      await userEvent.type(screen.getByLabelText('New e-mail address'), 'new@example.com');
      await userEvent.type(screen.getByLabelText('Current password'), 'wrong-password');
      await userEvent.click(screen.getByRole('button', { name: 'Change e-mail' }));
      expect(await screen.findByText('Enter your code')).toBeDefined();
      expect(calls.filter((c) => c.url === '/api/users/me/email')).toHaveLength(0);

      await userEvent.type(screen.getByLabelText('Two-factor code'), '123456');
      await userEvent.click(screen.getByRole('button', { name: 'Change e-mail' }));
      expect(await screen.findByText('Your current password is not right.')).toBeDefined();
      await waitFor(() =>
        expect(screen.getByLabelText('Current password').getAttribute('aria-invalid')).toBe('true'),
      );
      expect(bodyOf(calls)).toMatchObject({ totpCode: '123456' });
    },
  );
});
