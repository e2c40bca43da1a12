import { PagePlaceholder } from '@/components/PagePlaceholder';

export default function BreakDetailPage() {
  return (
    <PagePlaceholder
      title="Break"
      features={[
        'The product being broken and the break format',
        'Spots, teams and who holds them',
        'Start time and the live stream link',
      ]}
    >
      This page will show one break: its format, its spots and when it starts.
    </PagePlaceholder>
  );
}
