import { createHmac } from 'node:crypto';
import {
  DROP_NOT_JOINED_MESSAGE,
  DROP_TURN_ENDED_MESSAGE,
  dropNotYourTurnMessage,
  type DropTurn,
} from '@grail/contract';
import { forbidden } from '../../errors.js';

/**
 * The queue's published rule (docs/fairness.md): the entries made before activation are ordered
 * by HMAC-SHA256(key = the seed's 32 bytes, message = the entry id as lowercase text), as hex,
 * ascending; place 1 is the smallest. The construction is a pull's (lib/provably-fair.ts). Two
 * distinct ids giving one digest would be a SHA-256 collision; the id breaks it all the same, so
 * the order is defined for any input.
 */
export function drawOrder(seed: Buffer, entryIds: readonly string[]): string[] {
  const keyed = entryIds.map((id) => ({
    id,
    key: createHmac('sha256', seed).update(id.toLowerCase()).digest('hex'),
  }));
  keyed.sort((a, b) =>
    a.key < b.key ? -1 : a.key > b.key ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0,
  );
  return keyed.map((k) => k.id);
}

/** The batches a queue lets in: `batch` places every `seconds`, from activation. */
export interface AdmissionRates {
  activatesAt: Date;
  admitBatch: number;
  admitSeconds: number;
}

/** When place `place` (1 is first) is let in by the schedule. */
export function admissionOf(place: number, rates: AdmissionRates): Date {
  const batches = Math.floor((place - 1) / rates.admitBatch);
  return new Date(rates.activatesAt.getTime() + batches * rates.admitSeconds * 1000);
}

/** Where an entry's turn stands at `now`. */
export function turnOf(
  entry: { admittedFrom: Date | null; admittedUntil: Date | null },
  now: Date,
): DropTurn {
  if (!entry.admittedFrom || now < entry.admittedFrom) return 'waiting';
  return entry.admittedUntil && now >= entry.admittedUntil ? 'ended' : 'admitted';
}

/** What a purchase reads of the buyer's turn in a case's queue (dropTurn in drops.reads.ts). */
export interface DropTurnRead {
  queued: boolean;
  joined: boolean;
  place: number | null;
  started: boolean;
  ended: boolean;
}

/** A purchase from a case with a waiting room is the buyer's only in their turn (403 otherwise). */
export function assertDropTurn(turn: DropTurnRead): void {
  if (!turn.queued) return;
  if (!turn.joined) throw forbidden(DROP_NOT_JOINED_MESSAGE);
  if (!turn.started) throw forbidden(dropNotYourTurnMessage(turn.place));
  if (turn.ended) throw forbidden(DROP_TURN_ENDED_MESSAGE);
}
