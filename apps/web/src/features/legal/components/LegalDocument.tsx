import type { ReactNode } from 'react';
import styles from './LegalDocument.module.css';

export interface LegalSection {
  title: string;
  body: ReactNode;
}

/** A static legal page: title, effective date, numbered sections with a table of contents. */
export function LegalDocument({
  title,
  intro,
  updated,
  sections,
}: {
  title: string;
  intro: string;
  updated: string;
  sections: LegalSection[];
}) {
  return (
    <article className={styles.article}>
      <title>{`${title} | Grail Machine`}</title>
      <p className={styles.overline}>Legal</p>
      <h1 className={styles.title}>{title}</h1>
      <p className={styles.updated}>Last updated {updated}</p>
      <p className={styles.intro}>{intro}</p>
      <nav aria-label="Sections" className={styles.contents}>
        <h2 className={styles.contentsTitle}>Contents</h2>
        <ol>
          {sections.map((section, i) => (
            <li key={section.title}>
              <a href={`#section-${i + 1}`}>{section.title}</a>
            </li>
          ))}
        </ol>
      </nav>
      {sections.map((section, i) => (
        <section
          key={section.title}
          id={`section-${i + 1}`}
          data-testid="legal-section"
          aria-labelledby={`section-${i + 1}-title`}
          className={styles.section}
        >
          <h2 id={`section-${i + 1}-title`} className={styles.sectionTitle}>
            {i + 1}. {section.title}
          </h2>
          <div className={styles.body}>{section.body}</div>
          {i < sections.length - 1 && <hr className={styles.divider} />}
        </section>
      ))}
    </article>
  );
}
