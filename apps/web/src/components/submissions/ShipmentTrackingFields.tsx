import { FormTextField } from '@/components/ui';

/**
 * The carrier and tracking number of a box of cards (the collector's to us, or ours back), bound
 * to the Form around them (the contract's TrackingBody).
 */
export function ShipmentTrackingFields() {
  return (
    <>
      <FormTextField name="carrier" label="Carrier" helperText="USPS, UPS, FedEx…" />
      <FormTextField name="trackingNumber" label="Tracking number" />
    </>
  );
}
