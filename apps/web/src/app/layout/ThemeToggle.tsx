import clsx from 'clsx';
import { Moon, Sun } from 'lucide-react';
import { themeToggleLabel, useThemeToggle } from '@/lib/theme';
import styles from './ThemeToggle.module.css';
import { buttonClass } from '@/components/ui/Button';

/** Names the mode it switches to: 'Dark Mode' while light, 'Light Mode' while dark. */
export function ThemeToggle({ fullWidth = false }: { fullWidth?: boolean }) {
  const { mode, toggle } = useThemeToggle();
  const Icon = mode === 'dark' ? Sun : Moon;
  return (
    <button
      type="button"
      onClick={() => void toggle()}
      className={buttonClass({
        variant: 'outlined',
        color: 'inherit',
        size: 'small',
        fullWidth,
        className: clsx(fullWidth && styles.start),
      })}
    >
      <Icon aria-hidden size={20} />
      {themeToggleLabel(mode)}
    </button>
  );
}
