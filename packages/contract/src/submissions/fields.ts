import { z } from 'zod';

/** Fields the collector's and the staff's bodies share (not part of the package's exports). */
export const Carrier = z.string().trim().min(2, 'Enter the carrier').max(40);
export const TrackingNumber = z
  .string()
  .trim()
  .min(4, 'A tracking number is at least 4 characters')
  .max(64)
  .regex(/^[A-Za-z0-9-]+$/, 'A tracking number has letters, digits or dashes');
