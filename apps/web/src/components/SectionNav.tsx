import { useId, useState } from 'react';
import clsx from 'clsx';
import { ChevronDown } from 'lucide-react';
import { Link } from 'react-router';
import ui from '@/lib/styles/ui.module.css';
import styles from './SectionNav.module.css';
import { Button } from '@/components/ui/Button';

export interface NavSection {
  label: string;
  href: string;
  current: boolean;
}

/**
 * A page's sections as links, every one in view: a wrapping row from 600 px, and on a phone a
 * menu button naming the current section that opens the list. The current one is aria-current.
 */
export function SectionNav({ label, sections }: { label: string; sections: NavSection[] }) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  const current = sections.find((s) => s.current);
  return (
    <nav
      aria-label={label}
      className={styles.nav}
      onKeyDown={(event) => {
        if (event.key === 'Escape') setOpen(false);
      }}
    >
      <Button
        variant="outlined"
        color="inherit"
        className={styles.toggle}
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((o) => !o)}
      >
        <span>
          <span className={ui.visuallyHidden}>Section: </span>
          {current?.label ?? label}
        </span>
        <ChevronDown aria-hidden className={clsx(styles.chevron, open && styles.turned)} />
      </Button>
      <ul id={listId} className={clsx(styles.list, open && styles.open)}>
        {sections.map((s) => (
          <li key={s.href}>
            <Link
              to={s.href}
              aria-current={s.current ? 'page' : undefined}
              className={styles.link}
              onClick={() => setOpen(false)}
            >
              {s.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
