import clsx from 'clsx';
import { SHIPPING_PROMISE_HOURS } from '@grail/contract';
import ui from '@/lib/styles/ui.module.css';
import styles from './HowItWorksSection.module.css';
import { SectionHeading } from './SectionHeading';

const STEPS = [
  {
    title: 'Load the Case',
    text: 'We load a curated case of graded and raw cards, each with its fair market value shown, so you know exactly what could come out.',
  },
  {
    title: 'Buy a Pack',
    text: 'Buy a pack at the set pack price. Every pack has a guaranteed floor value and gives you one random item from the remaining items in the case.',
  },
  {
    title: 'Instant Reveal & Claim',
    text: `Your card is revealed instantly. Claim it and it is shipped within ${SHIPPING_PROMISE_HOURS} hours.`,
  },
];

/** Section 6. */
export function HowItWorksSection() {
  return (
    <section aria-labelledby="how-it-works-title">
      <SectionHeading id="how-it-works-title">How the Grail Machine Works</SectionHeading>
      <ol className={styles.steps}>
        {STEPS.map((step, i) => (
          <li key={step.title} className={clsx(ui.paper, styles.step)}>
            <div className={styles.number}>{i + 1}</div>
            <h3 className={clsx(ui.h6, styles.title)}>{step.title}</h3>
            <p className={clsx(ui.body1, ui.secondaryText)}>{step.text}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}
