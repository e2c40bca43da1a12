import { TextField } from '@/components/ui';

/** What the fields hold: the carrier and its tracking number, as typed. */
export type TrackingDraft = { carrier: string; trackingNumber: string };

/** The carrier and tracking number of a box of cards: the collector's to us, or ours back. */
export function ShipmentTrackingFields({
  value,
  onChange,
  errors,
}: {
  value: TrackingDraft;
  onChange: (value: TrackingDraft) => void;
  errors: { carrier?: string; trackingNumber?: string };
}) {
  return (
    <>
      <TextField
        label="Carrier"
        value={value.carrier}
        onChange={(e) => onChange({ ...value, carrier: e.target.value })}
        error={errors.carrier}
        helperText="USPS, UPS, FedEx…"
      />
      <TextField
        label="Tracking number"
        value={value.trackingNumber}
        onChange={(e) => onChange({ ...value, trackingNumber: e.target.value })}
        error={errors.trackingNumber}
      />
    </>
  );
}
