import {
  formatCents,
  PAYOUT_METHOD_LABELS,
  SUBMISSION_STATUS_LABELS,
  type PayoutMethod,
  type SubmissionStatus,
} from '@grail/contract';

/** What the e-mail of one change needs to know. */
export interface ChangeMail {
  number: string;
  link: string;
  username: string;
  from: SubmissionStatus | null;
  to: SubmissionStatus;
  note: string | null;
  cardCount: number;
  finalCents: number | null;
  offerExpiresAt: Date | null;
  receivedAt: Date | null;
  /** For a payment: the method, the amount and bonus, and the reference of a manual payout. */
  payment?: {
    method: PayoutMethod;
    amountCents: number;
    bonusCents: number;
    reference: string | null;
  };
  /** A change that kept the status (tracking number, payout method). */
  detail?: string;
}

const day = (d: Date | null) => (d ? `${d.toISOString().slice(0, 10)} (UTC)` : 'soon');

/** The collector's e-mail for one change of their submission. */
export function changeMail(m: ChangeMail): { subject: string; text: string; body: string } {
  const offer = m.finalCents === null ? '' : formatCents(m.finalCents);
  const cards = m.cardCount === 1 ? '1 card' : `${m.cardCount} cards`;
  let body: string;
  if (m.detail) {
    body = m.detail;
  } else {
    switch (m.to) {
      case 'submitted':
        body = `We received your submission of ${cards}. Our buyers will review it and send you an offer.`;
        break;
      case 'under_review':
        body = 'Our buyers are reviewing your cards now.';
        break;
      case 'offer_made':
        body = `We offer ${offer} for your ${cards}. The offer is open until ${day(m.offerExpiresAt)}: accept or decline it on your submission page.`;
        break;
      case 'accepted':
      case 'awaiting_shipment':
        body = `You accepted our offer of ${offer}. Please ship your cards to us: our address and a packing slip to print are on your submission page. Add the tracking number there once they are on their way.`;
        break;
      case 'received':
        body = 'Your cards arrived. We are checking them against your description.';
        break;
      case 'offer_adjusted':
        body = `We checked your cards and they differ from the description, so we made an adjusted offer of ${offer}. It is open until ${day(m.offerExpiresAt)}: accept it, or decline it and we send the cards back.`;
        break;
      case 'verified':
        body = 'Your cards are verified. Your payment follows shortly.';
        break;
      case 'paid': {
        const p = m.payment;
        body = p
          ? p.method === 'store_credit'
            ? `We paid ${formatCents(p.amountCents + p.bonusCents)} in store credit to your wallet (${formatCents(p.amountCents)} plus a ${formatCents(p.bonusCents)} bonus).`
            : `We paid ${formatCents(p.amountCents)} by ${PAYOUT_METHOD_LABELS[p.method]}${p.reference ? ` (reference ${p.reference})` : ''}.`
          : 'Your submission is paid.';
        break;
      }
      case 'declined':
        body = m.receivedAt
          ? 'You declined our adjusted offer. We will send your cards back to you.'
          : 'You declined our offer. You are welcome to submit again any time.';
        break;
      case 'expired':
        body = m.receivedAt
          ? 'Our adjusted offer expired. We will send your cards back to you.'
          : 'Our offer expired. You are welcome to submit again any time.';
        break;
      case 'returned':
        body = 'We sent your cards back to you.';
        break;
      case 'cancelled':
        body = 'Your submission was cancelled.';
        break;
    }
  }
  const note = m.note ? `\n\nNote: ${m.note}` : '';
  return {
    subject: `Submission ${m.number}: ${m.detail ? 'updated' : SUBMISSION_STATUS_LABELS[m.to]}`,
    text: `Hi ${m.username},\n\n${body}${note}\n\nYour submission: ${m.link}\n\nGrail Machine`,
    /** What the notification says: the change without the greeting and the link. */
    body: `${body}${note}`,
  };
}
