import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SellSettingsResponse } from '@grail/contract';
import { fakeFetch } from '@/test/fakeFetch';
import { renderWithProviders } from '@/test/providers';
import { resetRequestLayer } from '@/lib/api/client';
import { SellForm } from './SellForm';

const settings: SellSettingsResponse = {
  psaLookup: false,
  creditBonusPercent: 10,
  offerDays: 7,
  maxCards: 50,
  maxOpen: 5,
  openCount: 0,
};

beforeEach(() => resetRequestLayer());
afterEach(() => vi.unstubAllGlobals());

const form = () => screen.getByRole('form', { name: 'Sell your cards' });
const fill = (label: string, value: string) =>
  fireEvent.change(within(form()).getByLabelText(label), { target: { value } });

describe('the sell wizard', () => {
  it('names what is wrong on each step and sends nothing', { timeout: 30_000 }, async () => {
    const { calls } = fakeFetch({});
    renderWithProviders(<SellForm settings={settings} />);
    await userEvent.click(screen.getByRole('button', { name: 'Continue to payout' }));
    expect(await screen.findByText('Enter the cert number')).toBeDefined();
    expect(screen.getByText('Enter the 4-digit year')).toBeDefined();
    expect(screen.getByText('Add a photo of the front')).toBeDefined();
    expect(screen.getByLabelText('Player of card 1').getAttribute('aria-invalid')).toBe('true');
    fill('Cert number of card 1', '12345');
    fill('Asking price of card 1', 'a lot');
    await userEvent.click(screen.getByRole('button', { name: 'Continue to payout' }));
    expect(await screen.findByText('A PSA cert number is 7 to 10 digits.')).toBeDefined();
    expect(screen.getByText('Enter an amount like 125.00, or leave it empty')).toBeDefined();
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Your cards');
    expect(calls).toHaveLength(0);
  });

  it(
    'keeps each step, checks the payout, and submits the body the API takes',
    { timeout: 30_000 },
    async () => {
      const { calls } = fakeFetch({
        'POST /api/submissions/photos': [
          { body: { imageId: 'front1', url: '/img/front1' } },
          { body: { imageId: 'back1', url: '/img/back1' } },
        ],
        'POST /api/submissions': [{ status: 409, body: { message: 'Too many open submissions' } }],
      });
      renderWithProviders(<SellForm settings={settings} />);
      fill('Cert number of card 1', '81234567');
      fill('Year of card 1', '2018');
      fill('Set of card 1', 'Panini Prizm');
      fill('Player of card 1', 'Luka Doncic');
      fill('Card number of card 1', '280');
      fill('Grade of card 1', 'GEM MT 10');
      fill('Asking price of card 1', '125.5');
      for (const side of ['Front', 'Back']) {
        const photo = new File(['x'], `${side}.png`, { type: 'image/png' });
        await userEvent.upload(screen.getByLabelText(`${side} photo of card 1`), photo);
        expect(await screen.findByRole('img', { name: `${side} of card 1` })).toBeDefined();
      }
      await userEvent.click(screen.getByRole('button', { name: 'Continue to payout' }));
      expect(await screen.findByRole('heading', { level: 2, name: 'Payout' })).toBeDefined();

      await userEvent.click(screen.getByRole('radio', { name: /PayPal/ }));
      fill('PayPal email', 'not an address');
      await userEvent.click(screen.getByRole('button', { name: 'Review' }));
      expect(await screen.findByText('Enter a valid email address')).toBeDefined();
      // Back to the cards and forward again: what was typed is still there.
      await userEvent.click(screen.getByRole('button', { name: 'Back to cards' }));
      expect((screen.getByLabelText('Player of card 1') as HTMLInputElement).value).toBe(
        'Luka Doncic',
      );
      await userEvent.click(screen.getByRole('button', { name: 'Continue to payout' }));
      fill('PayPal email', 'casey@example.com');
      await userEvent.click(await screen.findByRole('button', { name: 'Review' }));
      expect(await screen.findByText('PayPal to casey@example.com')).toBeDefined();

      fill('Note for our buyers (optional)', ' Sharp corners ');
      await userEvent.click(screen.getByRole('button', { name: 'Submit 1 card' }));
      expect(await screen.findByText('Too many open submissions')).toBeDefined();
      const sent = calls.find((c) => c.url === '/api/submissions' && c.method === 'POST');
      expect(JSON.parse(String(sent?.body))).toEqual({
        cards: [
          {
            grader: 'PSA',
            certNumber: '81234567',
            year: 2018,
            setName: 'Panini Prizm',
            player: 'Luka Doncic',
            cardNumber: '280',
            grade: 'GEM MT 10',
            askingPrice: 125.5,
            frontImageId: 'front1',
            backImageId: 'back1',
          },
        ],
        payout: { method: 'paypal', email: 'casey@example.com' },
        note: 'Sharp corners',
      });
    },
  );
});
