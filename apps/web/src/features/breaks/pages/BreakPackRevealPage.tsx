import { PagePlaceholder } from '@/components/PagePlaceholder';

export default function BreakPackRevealPage() {
  return (
    <PagePlaceholder
      title="Break pack reveal"
      features={['Card-by-card reveal of your pack', 'Fair market value of each card']}
    >
      Your break pack, revealed one card at a time.
    </PagePlaceholder>
  );
}
