import { PagePlaceholder } from '@/components/PagePlaceholder';

export default function SubmissionDetailPage() {
  return (
    <PagePlaceholder title="Submission">
      The status of one of your card submissions.
    </PagePlaceholder>
  );
}
