import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { InventoryCard } from '@grail/contract';
import { fakeFetch } from '@/test/fakeFetch';
import { renderWithProviders } from '@/test/providers';
import { resetRequestLayer } from '@/lib/api/client';
import { InventoryEditDialog } from './InventoryEditDialog';

const card: InventoryCard = {
  cardId: '6f1c1a50-0000-4000-8000-000000000031',
  name: '2018 Panini Prizm Luka Doncic #280',
  player: 'Luka Doncic',
  year: 2018,
  setName: 'Panini Prizm',
  cardNumber: '280',
  sport: 'Basketball',
  team: 'Mavericks',
  grader: 'PSA',
  grade: 'GEM MT 10',
  certNumber: '81234567',
  fmv: 350,
  storePrice: 399,
  status: 'available',
  imageUrls: [],
  case: null,
  updatedAt: '2026-11-28T10:00:00.000Z',
};

beforeEach(() => resetRequestLayer());
afterEach(() => vi.unstubAllGlobals());

const field = (label: string | RegExp) => screen.getByLabelText(label) as HTMLInputElement;

describe('editing an inventory card', () => {
  it('says what is wrong in staff words and sends nothing', { timeout: 30_000 }, async () => {
    const { calls } = fakeFetch({});
    renderWithProviders(<InventoryEditDialog card={card} onClose={() => {}} />);
    fireEvent.change(field('Name'), { target: { value: ' ' } });
    fireEvent.change(field('Year'), { target: { value: '1850' } });
    fireEvent.change(field('FMV ($)'), { target: { value: '12.345' } });
    fireEvent.change(field(/^Store price/), { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter the card name.')).toBeTruthy();
    expect(screen.getByText('Enter a year from 1900 to 2100.')).toBeTruthy();
    expect(screen.getByText('Enter the FMV in dollars, such as 25 or 25.50.')).toBeTruthy();
    expect(
      screen.getByText('Enter a price in dollars, such as 25 or 25.50, or leave it empty.'),
    ).toBeTruthy();
    expect(field('Name').getAttribute('aria-invalid')).toBe('true');
    expect(calls).toHaveLength(0);
  });

  it('sends only the fields that changed, then closes', { timeout: 30_000 }, async () => {
    const { calls } = fakeFetch({
      [`PATCH /api/admin/inventory/${card.cardId}`]: [{ body: { card } }],
    });
    const onClose = vi.fn();
    renderWithProviders(<InventoryEditDialog card={card} onClose={onClose} />);
    const save = screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    fireEvent.change(field(/^Store price/), { target: { value: '' } });
    fireEvent.change(field('Team'), { target: { value: ' Lakers ' } });
    fireEvent.click(save);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const patch = calls.find((c) => c.method === 'PATCH')!;
    expect(JSON.parse(String(patch.body))).toEqual({ storePrice: null, team: 'Lakers' });
  });
});
