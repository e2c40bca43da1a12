import { SHIPPING_PROMISE_HOURS, TERMS_MINIMUM_AGE } from '@grail/contract';
import { usePublicConfig } from '@/lib/config';
import { LegalDocument, type LegalSection } from '../components/LegalDocument';

export default function TermsOfServicePage() {
  const { supportEmail } = usePublicConfig();
  const sections: LegalSection[] = [
    {
      title: 'Acceptance of These Terms',
      body: (
        <p>
          By creating an account, opening a pack, buying from the store or selling us cards, you
          agree to these terms. If you do not agree, please do not use Grail Machine.
        </p>
      ),
    },
    {
      title: 'Eligibility',
      body: (
        <p>
          <strong>You must be {TERMS_MINIMUM_AGE} years of age or older</strong> to create an
          account or use Grail Machine. By registering you confirm that you are at least{' '}
          {TERMS_MINIMUM_AGE} and that the date of birth you give us is true. We may ask for proof
          of age and close accounts that do not meet this requirement.
        </p>
      ),
    },
    {
      title: 'Your Account and Security',
      body: (
        <p>
          Keep your password private and turn on two-factor sign-in (TOTP) for extra protection. You
          are responsible for activity on your account. One account per person; tell us at once if
          you suspect unauthorised use.
        </p>
      ),
    },
    {
      title: 'The Grail Machine',
      body: (
        <ul>
          <li>Each pack costs the pack price shown for the current case at the time you buy.</li>
          <li>
            Each pack gives you one item chosen at random from the items remaining in that case. The
            draw is provably fair: the case seed hash is published before the case opens and the
            seed is revealed when it closes, so any pull can be checked.
          </li>
          <li>A pack cannot be cancelled or refunded once the card is revealed.</li>
        </ul>
      ),
    },
    {
      title: 'Prices, Payments and Wallet Credit',
      body: (
        <p>
          Prices and fair market values are shown in US dollars to two decimals. Wallet credit can
          be used for packs and store purchases; it has no cash value except where the law requires
          otherwise. Fair market values are estimates and not a promise of resale value.
        </p>
      ),
    },
    {
      title: 'Store Purchases',
      body: (
        <p>
          Store items are sold as pictured and described. An order is accepted when payment
          succeeds; if an item becomes unavailable before that, we will not charge you for it.
        </p>
      ),
    },
    {
      title: 'Shipping',
      body: (
        <p>
          Pulled cards and store orders are shipped within {SHIPPING_PROMISE_HOURS} hours of your
          request, to the address in your profile. Risk passes to you on delivery. Report damaged or
          missing parcels within 7 days.
        </p>
      ),
    },
    {
      title: 'Sell-Back and Buyback',
      body: (
        <p>
          Where offered, you can sell a pulled card back for wallet credit at the percentage of fair
          market value shown at the time, within the sell-back window. A sell-back is final.
        </p>
      ),
    },
    {
      title: 'Selling Your Graded Cards',
      body: (
        <p>
          You may submit PSA, BGS and SGC graded cards for an offer. Offers are valid for the time
          stated with them. Cards must be authentic, yours to sell and match their slab; cards that
          do not are returned at your cost.
        </p>
      ),
    },
    {
      title: 'Breaks',
      body: (
        <p>
          When group breaks are offered, each spot and its assigned team or pack is described on the
          break page. Breaks run as described once all spots are sold or at the stated time.
        </p>
      ),
    },
    {
      title: 'Card Condition, Grading and Authenticity',
      body: (
        <p>
          Graded cards are described by the grade on their slab; we are not responsible for the
          grading companies&apos; opinions. Raw cards are described to the best of our knowledge.
          Every card we sell is guaranteed authentic.
        </p>
      ),
    },
    {
      title: 'Prohibited Conduct',
      body: (
        <ul>
          <li>Using bots, scripts or multiple accounts to buy packs or limited items.</li>
          <li>Chargeback abuse, fraud, or selling counterfeit or altered cards.</li>
          <li>Interfering with the site, its security, or other collectors.</li>
        </ul>
      ),
    },
    {
      title: 'Intellectual Property',
      body: (
        <p>
          The Grail Machine name, logo, site design and music belong to us. Player names, team names
          and card images belong to their owners and are shown to identify the products.
        </p>
      ),
    },
    {
      title: 'Disclaimers and Limitation of Liability',
      body: (
        <p>
          The site is provided as is. To the fullest extent the law allows, our total liability for
          any claim is limited to the amount you paid us in the 12 months before it arose. Nothing
          here limits rights you have under consumer protection law.
        </p>
      ),
    },
    {
      title: 'Changes, Termination and Contact',
      body: (
        <p>
          We may update these terms; the date above shows the latest version, and continuing to use
          the site means you accept it. We may suspend accounts that break these terms. Questions?
          Email <a href={`mailto:${supportEmail}`}>{supportEmail}</a>.
        </p>
      ),
    },
  ];
  return (
    <LegalDocument
      title="Terms of Service"
      updated="November 1, 2026"
      intro="The rules for opening packs, buying and selling cards on Grail Machine, in plain language."
      sections={sections}
    />
  );
}
