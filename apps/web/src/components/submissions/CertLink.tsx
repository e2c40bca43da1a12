import { Link } from '@mui/material';
import OpenInNew from '@mui/icons-material/OpenInNew';
import type { SubmissionGrader } from '@grail/contract';

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
    <Link
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={`Verify ${grader} cert ${certNumber} on ${SITES[grader]} (opens in a new tab)`}
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, fontWeight: 600 }}
    >
      {grader} {certNumber}
      <OpenInNew sx={{ fontSize: 16 }} aria-hidden />
    </Link>
  );
}
