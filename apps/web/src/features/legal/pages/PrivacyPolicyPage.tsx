import { PRIVACY_MINIMUM_AGE } from '@grail/contract';
import { usePublicConfig } from '@/lib/config';
import { LegalDocument, type LegalSection } from '../components/LegalDocument';

export default function PrivacyPolicyPage() {
  const { supportEmail } = usePublicConfig();
  const sections: LegalSection[] = [
    {
      title: 'Who We Are',
      body: (
        <p>
          Grail Machine runs an online store and game site for graded and raw sports cards. This
          policy explains what personal information we collect when you browse, open packs in the
          Grail Machine, buy from the store, or sell us your graded cards, and what we do with it.
        </p>
      ),
    },
    {
      title: 'Information We Collect',
      body: (
        <ul>
          <li>
            <strong>Account details:</strong> email address, username, password (stored only as a
            salted hash), display name and date of birth.
          </li>
          <li>
            <strong>Shipping details:</strong> the name and address your cards are shipped to.
          </li>
          <li>
            <strong>Activity:</strong> packs opened, cards pulled, orders, sell-back requests and
            card submissions.
          </li>
          <li>
            <strong>Technical data:</strong> IP address, browser type and request logs kept for
            security and abuse prevention.
          </li>
        </ul>
      ),
    },
    {
      title: 'How We Use Your Information',
      body: (
        <p>
          We use your information to run your account, process packs and orders, ship cards within
          our 48-hour promise, make and pay offers for cards you sell us, prevent fraud, answer
          support requests and, if you opt in, tell you about new case drops. We do not sell your
          personal information.
        </p>
      ),
    },
    {
      title: 'Payments and Wallet Records',
      body: (
        <p>
          Card payments are handled by our payment provider; we never see or store your full card
          number. We keep a ledger of your wallet credits and debits so every balance can be
          explained and audited.
        </p>
      ),
    },
    {
      title: 'Cookies and Session Storage',
      body: (
        <p>
          We use a strictly necessary session cookie to keep you signed in and a security token
          (also kept in your browser&apos;s session storage) to protect your account against
          cross-site requests. Your light or dark theme choice is saved in local storage. We do not
          use advertising cookies.
        </p>
      ),
    },
    {
      title: 'Sharing Your Information',
      body: (
        <p>
          We share only what is needed with shipping carriers, grading services when you submit
          cards, our payment provider, and hosting and email providers bound by confidentiality. We
          disclose information when the law requires it or to protect our users.
        </p>
      ),
    },
    {
      title: 'Provably Fair Records and Public Pull History',
      body: (
        <p>
          To prove every pull is fair, we publish case seeds and pull results. Recently pulled cards
          appear on the site with your username unless you choose to pull anonymously in your
          dashboard.
        </p>
      ),
    },
    {
      title: 'Data Retention',
      body: (
        <p>
          We keep account data while your account is open. Order, payment and ledger records are
          kept as long as tax and accounting law requires. Security logs are kept for a limited
          period and then deleted.
        </p>
      ),
    },
    {
      title: 'Security',
      body: (
        <p>
          Passwords are hashed, two-factor secrets and case seeds are encrypted, and every
          connection to the site is encrypted in transit. We recommend turning on two-factor sign-in
          (TOTP) from your dashboard.
        </p>
      ),
    },
    {
      title: 'Your Rights and Choices',
      body: (
        <p>
          You can view and update your profile at any time, ask for a copy of your data, or ask us
          to delete your account (records the law requires us to keep are retained). Write to{' '}
          <a href={`mailto:${supportEmail}`}>{supportEmail}</a>.
        </p>
      ),
    },
    {
      title: "Children's Privacy",
      body: (
        <p>
          Grail Machine is not directed to children. We do not serve users under{' '}
          {PRIVACY_MINIMUM_AGE} (age to be confirmed) and do not knowingly collect their personal
          information. If you believe a child has given us information, contact us and we will
          delete it. Buying packs and products requires you to be 18 or older under our Terms of
          Service.
        </p>
      ),
    },
    {
      title: 'Changes and Contact',
      body: (
        <p>
          We will post any change to this policy on this page and update the date above; important
          changes are also emailed to account holders. Questions? Email{' '}
          <a href={`mailto:${supportEmail}`}>{supportEmail}</a>.
        </p>
      ),
    },
  ];
  return (
    <LegalDocument
      title="Privacy Policy"
      updated="November 1, 2026"
      intro="Your collection is personal, and so is your information. Here is exactly what we collect and why."
      sections={sections}
    />
  );
}
