import { TrackingBody } from '@grail/contract';

/** The first problem of each field of a box's carrier and tracking number, in the contract's words. */
export function trackingProblems(carrier: string, trackingNumber: string) {
  const parsed = TrackingBody.safeParse({ carrier, trackingNumber });
  const problems: { carrier?: string; trackingNumber?: string } = {};
  for (const issue of parsed.error?.issues ?? []) {
    const field = issue.path[0] as keyof typeof problems;
    problems[field] ??= issue.message;
  }
  return problems;
}
