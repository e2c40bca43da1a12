import { PagePlaceholder } from '@/components/PagePlaceholder';

export default function BreaksPage() {
  return (
    <PagePlaceholder
      title="Breaks"
      features={[
        'Upcoming and live group breaks with spot prices and how many spots are left',
        'Buy a spot with your wallet and follow the break live',
        'Every card your spot receives, shipped with your next order',
      ]}
    >
      Group breaks are coming to Grail Machine: buy a spot, watch the break, get your cards.
    </PagePlaceholder>
  );
}
