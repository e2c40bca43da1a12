import { TextField } from '@mui/material';

/** The carrier and tracking number of a box of cards: the collector's to us, or ours back. */
export function ShipmentTrackingFields({
  carrier,
  trackingNumber,
  onCarrierChange,
  onTrackingNumberChange,
  errors,
  size,
}: {
  carrier: string;
  trackingNumber: string;
  onCarrierChange: (value: string) => void;
  onTrackingNumberChange: (value: string) => void;
  errors: { carrier?: string; trackingNumber?: string };
  size?: 'small' | 'medium';
}) {
  return (
    <>
      <TextField
        label="Carrier"
        value={carrier}
        onChange={(e) => onCarrierChange(e.target.value)}
        error={Boolean(errors.carrier)}
        helperText={errors.carrier ?? 'USPS, UPS, FedEx…'}
        size={size}
      />
      <TextField
        label="Tracking number"
        value={trackingNumber}
        onChange={(e) => onTrackingNumberChange(e.target.value)}
        error={Boolean(errors.trackingNumber)}
        helperText={errors.trackingNumber}
        size={size}
      />
    </>
  );
}
