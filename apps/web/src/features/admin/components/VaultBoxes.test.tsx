import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import type { VaultShipment } from '@grail/contract';
import { fakeFetch, isolateRequests } from '@/test/fakeFetch';
import { renderWithProviders } from '@/test/providers';
import { boxId, orderShipment, vaultBox } from '../test/vaultFixtures';
import { VaultBoxes } from './VaultBoxes';

isolateRequests();

const packed: VaultShipment = {
  _id: boxId,
  status: 'packing',
  cards: [],
  address: vaultBox.address,
  insuredValue: 180,
  fee: 6,
  shipBy: vaultBox.shipBy,
  carrier: null,
  trackingNumber: null,
  trackingUrl: null,
  createdAt: vaultBox.createdAt,
  shippedAt: null,
  cancellable: false,
};

describe('the staff vault boxes', () => {
  it('shows a requested box with its cards, insured value and fee, and starts packing it', async () => {
    const { calls } = fakeFetch({
      '/api/admin/shipments': [
        { body: { shipments: [vaultBox, orderShipment] } },
        { body: { shipments: [{ ...vaultBox, status: 'packing' }, orderShipment] } },
      ],
      [`POST /api/admin/shipments/${boxId}/packing`]: [{ body: packed }],
    });
    renderWithProviders(<VaultBoxes />);
    const box = await screen.findByTestId('vault-box');
    expect(screen.getAllByTestId('vault-box')).toHaveLength(1);
    expect(within(box).getByText('Vault box 6f1c1a50')).toBeTruthy();
    expect(within(box).getByText('Requested')).toBeTruthy();
    expect(within(box).getByText('$180.00')).toBeTruthy();
    expect(within(box).getByText('$6.00')).toBeTruthy();
    expect(
      within(box).getByText('2018 Prizm Luka Doncic · PSA GEM MT 10 · cert 81234567'),
    ).toBeTruthy();
    expect(within(box).getByText('2003 Topps Chrome LeBron James · Raw')).toBeTruthy();
    expect(screen.queryByText('1986 Fleer Michael Jordan')).toBeNull();
    expect(
      within(box).getByText('The collector can cancel this box until you start packing it.'),
    ).toBeTruthy();
    expect(within(box).getByRole('link', { name: 'Packing slip' }).getAttribute('href')).toBe(
      `/admin/shipping/${boxId}/slip`,
    );

    fireEvent.click(within(box).getByRole('button', { name: 'Start packing' }));
    expect(await screen.findByText('Being packed')).toBeTruthy();
    expect(screen.getByText('Being packed: the collector can no longer cancel it.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Start packing' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Mark shipped' })).toBeTruthy();
    const post = calls.filter((c) => c.method === 'POST');
    expect(post.map((c) => c.url)).toEqual([`/api/admin/shipments/${boxId}/packing`]);
  });

  it('marks a box being packed shipped with its carrier and tracking number', async () => {
    const { calls } = fakeFetch({
      '/api/admin/shipments': [
        { body: { shipments: [{ ...vaultBox, status: 'packing' }] } },
        { body: { shipments: [] } },
      ],
      [`POST /api/admin/shipments/${boxId}/ship`]: [
        {
          body: {
            shipment: {
              ...vaultBox,
              status: 'shipped',
              carrier: 'USPS',
              trackingNumber: '9400111899223',
            },
          },
        },
      ],
    });
    renderWithProviders(<VaultBoxes />);
    const box = await screen.findByTestId('vault-box');
    fireEvent.change(within(box).getByLabelText('Tracking number'), {
      target: { value: '9400111899223' },
    });
    fireEvent.click(within(box).getByRole('button', { name: 'Mark shipped' }));
    expect(await screen.findByText('No vault boxes to pack right now.')).toBeTruthy();
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.url).toBe(`/api/admin/shipments/${boxId}/ship`);
    expect(JSON.parse(String(post.body))).toEqual({
      carrier: 'USPS',
      trackingNumber: '9400111899223',
    });
  });

  it('says so when no vault box waits, and when the queue cannot be loaded', async () => {
    fakeFetch({ '/api/admin/shipments': [{ body: { shipments: [orderShipment] } }] });
    const first = renderWithProviders(<VaultBoxes />);
    expect(await screen.findByText('No vault boxes to pack right now.')).toBeTruthy();
    first.unmount();

    fakeFetch({
      '/api/admin/shipments': [{ status: 500, body: { message: 'Boom', error: 'x' } }],
    });
    renderWithProviders(<VaultBoxes />);
    expect(await screen.findByText(/^Could not load the vault boxes\./)).toBeTruthy();
  });

  it('shows why packing could not start', async () => {
    fakeFetch({
      '/api/admin/shipments': [{ body: { shipments: [vaultBox] } }],
      [`POST /api/admin/shipments/${boxId}/packing`]: [
        {
          status: 409,
          body: { message: 'The collector cancelled this box.', error: 'Conflict' },
        },
      ],
    });
    renderWithProviders(<VaultBoxes />);
    fireEvent.click(await screen.findByRole('button', { name: 'Start packing' }));
    expect(await screen.findByText('The collector cancelled this box.')).toBeTruthy();
  });
});
