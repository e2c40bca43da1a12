import { PagePlaceholder } from '@/components/PagePlaceholder';

export default function BreakRevealPage() {
  return (
    <PagePlaceholder
      title="Break reveal"
      features={[
        'Every card your spot received',
        'Fair market value of each card',
        'Shipping status',
      ]}
    >
      After a break, this page reveals what your spot pulled.
    </PagePlaceholder>
  );
}
