import { z } from 'zod';

// ---- Graders and certificate numbers ----

/** The grading companies whose slabs a collector may sell to us. */
export const SUBMISSION_GRADERS = ['PSA', 'BGS', 'SGC', 'CGC'] as const;
export const SubmissionGrader = z.enum(SUBMISSION_GRADERS);
export type SubmissionGrader = z.infer<typeof SubmissionGrader>;

/**
 * What a certificate number looks like at each grader, and the words shown under the field when
 * one does not: PSA 7 to 10 digits; BGS up to 10 digits; SGC 7 to 10 digits or 1234567-001;
 * CGC 10 digits or 1234567-001.
 */
export const CERT_FORMATS: Record<SubmissionGrader, { pattern: RegExp; message: string }> = {
  PSA: { pattern: /^\d{7,10}$/, message: 'A PSA cert number is 7 to 10 digits.' },
  BGS: { pattern: /^\d{1,10}$/, message: 'A BGS cert number is up to 10 digits.' },
  SGC: {
    pattern: /^(\d{7,10}|\d{7}-\d{3})$/,
    message:
      'An SGC cert number is 7 to 10 digits, or 7 digits, a dash and 3 digits (1234567-001).',
  },
  CGC: {
    pattern: /^(\d{10}|\d{7}-\d{3})$/,
    message: 'A CGC cert number is 10 digits, or 7 digits, a dash and 3 digits (1234567-001).',
  },
};

/** Null when `cert` is a well-formed certificate number of `grader`, else what the format is. */
export function certProblem(grader: SubmissionGrader, cert: string): string | null {
  const format = CERT_FORMATS[grader];
  return format.pattern.test(cert.trim()) ? null : format.message;
}

/** The grader's public page where anyone can check a certificate. */
export function submissionCertUrl(grader: SubmissionGrader, cert: string): string {
  const c = encodeURIComponent(cert);
  switch (grader) {
    case 'PSA':
      return `https://www.psacard.com/cert/${c}`;
    case 'BGS':
      return `https://www.beckett.com/grading/card-lookup?item_type=BGS&item_id=${c}`;
    case 'SGC':
      return `https://gosgc.com/cert-code-lookup?certCode=${c}`;
    case 'CGC':
      return `https://www.cgccards.com/certlookup/${c}/`;
  }
}
