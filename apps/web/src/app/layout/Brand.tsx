import { Link } from 'react-router';
import { paths } from '@/lib/paths';
import styles from './Brand.module.css';

/**
 * The site icon (public/favicon.svg) drawn inline: as an <img> the browser builds a separate SVG
 * document for it on the main thread while the first screen renders.
 */
function BrandMark() {
  return (
    <svg viewBox="0 0 64 64" aria-hidden className={styles.logo}>
      <rect width="64" height="64" rx="14" fill="#0f172a" />
      <rect x="18" y="10" width="28" height="40" rx="4" fill="#f5b301" />
      <text
        x="32"
        y="37"
        textAnchor="middle"
        fontFamily="sans-serif"
        fontSize="20"
        fontWeight="bold"
        fill="#0f172a"
      >
        G
      </text>
      <rect x="14" y="52" width="36" height="4" rx="2" fill="#f5b301" />
    </svg>
  );
}

/**
 * The wordmark: a gold slab star and the name, linking home. The link is named by the words it
 * shows, so a speech-input user can say what they see (WCAG 2.5.3).
 */
export function Brand({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <Link to={paths.home.getHref()} onClick={onNavigate} className={styles.brand}>
      <BrandMark />
      <span>
        <span className={styles.name}>GRAIL</span> <span className={styles.tagline}>MACHINE</span>
      </span>
    </Link>
  );
}
