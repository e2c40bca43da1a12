import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { fakeFetch, isolateRequests } from '@/test/fakeFetch';
import { renderWithProviders } from '@/test/providers';
import { boxId, orderShipment, vaultBox } from '../test/vaultFixtures';
import AdminPackingSlipPage from './AdminPackingSlipPage';

isolateRequests();

const renderSlip = (id: string) =>
  renderWithProviders(
    <Routes>
      <Route path="/admin/shipping/:shipmentId/slip" element={<AdminPackingSlipPage />} />
    </Routes>,
    { path: `/admin/shipping/${id}/slip` },
  );

describe('a vault box’s packing slip', () => {
  it('lists each card with grade and cert number, the address, insured value and ship-by, and prints', async () => {
    fakeFetch({ '/api/admin/shipments': [{ body: { shipments: [orderShipment, vaultBox] } }] });
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    renderSlip(boxId);
    const slip = await screen.findByTestId('packing-slip');
    expect(
      within(slip).getByRole('heading', { name: 'Packing slip · Vault box 6f1c1a50' }),
    ).toBeTruthy();
    expect(within(slip).getByText(/^For casey · ship by .* · Requested$/)).toBeTruthy();
    expect(within(slip).getByText('12 Vault Street')).toBeTruthy();
    expect(within(slip).getByText('Austin, TX 78701')).toBeTruthy();
    expect(within(slip).getByText('$180.00')).toBeTruthy();
    expect(within(slip).getByText('$6.00')).toBeTruthy();
    expect(within(slip).getByRole('heading', { name: '2 cards' })).toBeTruthy();
    const rows = within(slip).getAllByRole('row').slice(1);
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['2018 Prizm Luka Doncic', 'PSA GEM MT 10', '81234567', ''],
      ['2003 Topps Chrome LeBron James', 'Raw', '—', ''],
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Print packing slip' }));
    expect(print).toHaveBeenCalledTimes(1);
  });

  it('lists the card names alone when the queue sends no grades', async () => {
    fakeFetch({
      '/api/admin/shipments': [{ body: { shipments: [{ ...vaultBox, cards: undefined }] } }],
    });
    renderSlip(boxId);
    const slip = await screen.findByTestId('packing-slip');
    expect(
      within(slip)
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual(['Card', 'Packed']);
    expect(within(slip).getByText('2003 Topps Chrome LeBron James')).toBeTruthy();
  });

  it('says so when the box is no longer waiting, and when the queue cannot be loaded', async () => {
    fakeFetch({ '/api/admin/shipments': [{ body: { shipments: [orderShipment] } }] });
    const first = renderSlip(boxId);
    expect(
      await screen.findByText(
        'This box is no longer waiting to ship: it was shipped or cancelled.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Print packing slip' })).toBeNull();
    first.unmount();

    fakeFetch({
      '/api/admin/shipments': [{ status: 500, body: { message: 'Boom', error: 'x' } }],
    });
    renderSlip(boxId);
    expect(await screen.findByText(/^Could not load this box\./)).toBeTruthy();
  });
});
