import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { Pull } from '@grail/contract';
import { renderWithProviders } from '@/test/providers';
import type { usePullActions } from '@/lib/api/pulls';
import { PullDecisionDialogs } from './PullDecisionDialogs';

vi.mock('@/lib/auth', () => ({
  useAuth: () => ({
    user: {
      shippingAddress: {
        name: 'Casey Collector',
        line1: '1 Main St',
        city: 'Springfield',
        state: 'IL',
        postalCode: '62701',
        country: 'US',
      },
    },
  }),
}));

const pull = (fmv: number): Pull => ({
  _id: '6f1c1a50-0000-4000-8000-0000000000aa',
  caseId: '6f1c1a50-0000-4000-8000-0000000000c1',
  caseName: 'Launch Case',
  k: 5,
  totalItems: 64,
  card: {
    _id: 'card-1',
    name: 'Card',
    grade: 'PSA GEM MT 10',
    grader: 'PSA',
    certNumber: '123',
    certUrl: null,
    images: [],
    imageUrl: '',
    fmv,
    tier: 'Chase',
  },
  status: 'revealed',
  pulledAt: '2026-11-22T12:00:00.000Z',
  price: 25,
  proof: { clientSeed: 'seed', k: 5, remainingBefore: 60, position: 3 },
  sellBack: null,
  soldBackFor: null,
  autoSold: false,
  shipment: null,
});

const actions = {
  claim: { mutate: vi.fn() },
  sellBack: { mutate: vi.fn() },
} as unknown as ReturnType<typeof usePullActions>;

describe('the claim dialog', () => {
  it('states the shipping fee from the schedule on the button and in the text', () => {
    renderWithProviders(
      <PullDecisionDialogs
        pull={pull(120)}
        confirming="claim"
        busy={false}
        actions={actions}
        onClose={vi.fn()}
      />,
    );
    const dialog = within(screen.getByRole('dialog', { name: 'Ship Card?' }));
    expect(dialog.getByTestId('claim-fee').textContent).toBe(
      'Shipping: $5.00, paid from your wallet. Shipping: $5.00 for the first card, $1.00 for each additional card, free from $250.00 of insured value. Storage in the vault is free.',
    );
    expect(dialog.getByRole('button', { name: 'Ship it here for $5.00' })).toBeDefined();
  });

  it('ships a card insured for $250 or more free', () => {
    renderWithProviders(
      <PullDecisionDialogs
        pull={pull(250)}
        confirming="claim"
        busy={false}
        actions={actions}
        onClose={vi.fn()}
      />,
    );
    const dialog = within(screen.getByRole('dialog', { name: 'Ship Card?' }));
    expect(dialog.getByTestId('claim-fee').textContent).toMatch(
      /^Shipping: free for this card\. Shipping: \$5\.00 for the first card/,
    );
    expect(dialog.getByRole('button', { name: 'Ship it here' })).toBeDefined();
  });
});
