import { ExternalLink } from 'lucide-react';
import type { SubmissionGrader } from '@grail/contract';
import styles from './CertLink.module.css';

const SITES: Record<SubmissionGrader, string> = {
  PSA: 'psacard.com',
  BGS: 'beckett.com',
  SGC: 'gosgc.com',
  CGC: 'cgccards.com',
};

/** The grader and cert number, linked to the grader's public verification page. */
export function CertLink({
  grader,
  certNumber,
  href,
}: {
  grader: SubmissionGrader;
  certNumber: string;
  href: string;
}) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={`Verify ${grader} cert ${certNumber} on ${SITES[grader]} (opens in a new tab)`}
      className={styles.link}
    >
      {grader} {certNumber}
      <ExternalLink aria-hidden className={styles.icon} />
    </a>
  );
}
