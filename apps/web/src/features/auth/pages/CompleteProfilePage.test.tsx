import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { UNDERAGE_MESSAGE } from '@grail/contract';
import { fakeFetch, isolateRequests, signedInUser } from '@/test/fakeFetch';
import { renderWithAuth } from '@/test/providers';
import { useAuth } from '@/lib/auth';
import CompleteProfilePage from './CompleteProfilePage';

const collector = {
  ...signedInUser,
  dateOfBirth: null,
  profileComplete: false,
  shippingAddress: {
    name: 'Casey Collector',
    line1: '1 Main St',
    city: 'Springfield',
    state: 'IL',
    postalCode: '62701',
    country: 'US',
  },
};

/** As the protected route does: the page opens once the session is known. */
function SignedInPage() {
  return useAuth().isLoading ? null : <CompleteProfilePage />;
}

function renderPage() {
  return renderWithAuth(
    <Routes>
      <Route path="/complete-profile" element={<SignedInPage />} />
      <Route path="*" element={<p>left the page</p>} />
    </Routes>,
    '/complete-profile',
  );
}

isolateRequests();

describe('/complete-profile', () => {
  it('marks the date of birth invalid when the server says the collector is under 18', async () => {
    const { calls } = fakeFetch({
      '/api/auth/current': [{ body: { user: collector, csrfToken: 'c1' } }],
      'PUT /api/users/me/profile': [
        {
          status: 400,
          body: { message: UNDERAGE_MESSAGE, error: 'Bad Request', field: 'dateOfBirth' },
        },
      ],
    });
    renderPage();
    const born = await screen.findByLabelText('Date of birth');
    expect(born.getAttribute('aria-invalid')).toBe('false');
    expect(document.getElementById(born.getAttribute('aria-describedby')!)?.textContent).toBe(
      'You must be 18 or older.',
    );

    fireEvent.change(born, { target: { value: '2015-05-05' } });
    await userEvent.click(screen.getByRole('checkbox', { name: /I am 18 or older/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Save profile' }));

    await waitFor(() => expect(born.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(born.getAttribute('aria-describedby')!)?.textContent).toBe(
      UNDERAGE_MESSAGE,
    );
    const sent = calls.find((c) => c.url === '/api/users/me/profile');
    expect(JSON.parse(String(sent?.body))).toMatchObject({
      dateOfBirth: '2015-05-05',
      acceptTerms: true,
      shippingAddress: { postalCode: '62701', country: 'US' },
    });
    expect(screen.queryByText('left the page')).toBeNull();
  });

  it("checks the contract's rules before sending anything", async () => {
    const { calls } = fakeFetch({
      '/api/auth/current': [{ body: { user: collector, csrfToken: 'c1' } }],
    });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Save profile' }));
    const born = screen.getByLabelText('Date of birth');
    await waitFor(() => expect(born.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('Enter your date of birth')).toBeDefined();
    expect(
      screen.getByRole('checkbox', { name: /I am 18 or older/ }).getAttribute('aria-invalid'),
    ).toBe('true');
    expect(calls.some((c) => c.url === '/api/users/me/profile')).toBe(false);
  });
});
