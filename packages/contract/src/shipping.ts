/**
 * The public tracking page of a shipment, for the carriers we ship with. Carriers are typed by
 * staff and collectors as free text, so the name is matched loosely ("FedEx", "fedex", "Fed Ex");
 * any other carrier has no link and only its number is shown.
 */
const TRACKING_PAGES: Record<string, (n: string) => string> = {
  usps: (n) => `https://tools.usps.com/go/TrackConfirmAction?tLabels=${n}`,
  ups: (n) => `https://www.ups.com/track?tracknum=${n}`,
  fedex: (n) => `https://www.fedex.com/fedextrack/?trknbr=${n}`,
  dhl: (n) =>
    `https://www.dhl.com/global-en/home/tracking/tracking-express.html?submit=1&tracking-id=${n}`,
};

export function trackingUrl(carrier: string, trackingNumber: string): string | null {
  const number = trackingNumber.trim();
  if (!number) return null;
  const page = TRACKING_PAGES[carrier.toLowerCase().replace(/[^a-z]/g, '')];
  return page ? page(encodeURIComponent(number)) : null;
}
