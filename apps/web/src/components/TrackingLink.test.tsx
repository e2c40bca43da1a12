import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { trackingUrl } from '@grail/contract';
import { TrackingLink } from './TrackingLink';

describe('trackingUrl', () => {
  it('links each carrier we ship with to its tracking page, however the name is typed', () => {
    expect(trackingUrl('USPS', '9400111899223856928499')).toBe(
      'https://tools.usps.com/go/TrackConfirmAction?tLabels=9400111899223856928499',
    );
    expect(trackingUrl('ups', '1Z999AA10123456784')).toBe(
      'https://www.ups.com/track?tracknum=1Z999AA10123456784',
    );
    expect(trackingUrl(' Fed Ex ', '123456789012')).toBe(
      'https://www.fedex.com/fedextrack/?trknbr=123456789012',
    );
    expect(trackingUrl('FedEx', '123456789012')).toBe(
      'https://www.fedex.com/fedextrack/?trknbr=123456789012',
    );
    expect(trackingUrl('DHL', '1234567890')).toBe(
      'https://www.dhl.com/global-en/home/tracking/tracking-express.html?submit=1&tracking-id=1234567890',
    );
  });

  it('encodes the number so it cannot change the address', () => {
    expect(trackingUrl('UPS', '1Z 9&x=<y>#')).toBe(
      'https://www.ups.com/track?tracknum=1Z%209%26x%3D%3Cy%3E%23',
    );
  });

  it('has no link for another carrier or an empty number', () => {
    expect(trackingUrl('Canada Post', '1234567890')).toBeNull();
    expect(trackingUrl('', '1234567890')).toBeNull();
    expect(trackingUrl('UPS', '   ')).toBeNull();
  });
});

describe('TrackingLink', () => {
  it('links a known carrier in a new tab', () => {
    render(<TrackingLink carrier="UPS" trackingNumber="1Z999AA10123456784" />);
    const link = screen.getByRole('link', { name: /1Z999AA10123456784/ });
    expect(link.getAttribute('href')).toBe('https://www.ups.com/track?tracknum=1Z999AA10123456784');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(link.textContent).toBe('1Z999AA10123456784');
  });

  it('shows the number as text for an unknown or missing carrier', () => {
    const { container, rerender } = render(
      <TrackingLink carrier="Canada Post" trackingNumber="CP123456" />,
    );
    expect(screen.queryByRole('link')).toBeNull();
    expect(container.textContent).toBe('CP123456');
    rerender(<TrackingLink carrier={null} trackingNumber="CP123456" />);
    expect(screen.queryByRole('link')).toBeNull();
    expect(container.textContent).toBe('CP123456');
  });
});
