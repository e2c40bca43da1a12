import clsx from 'clsx';
import { Moon, Sun } from 'lucide-react';
import { themeToggleLabel, useThemeToggle } from '@/lib/theme';
import ui from '@/lib/styles/ui.module.css';
import styles from './ThemeToggle.module.css';

/** Names the mode it switches to: 'Dark Mode' while light, 'Light Mode' while dark. */
export function ThemeToggle({ fullWidth = false }: { fullWidth?: boolean }) {
  const { mode, toggle } = useThemeToggle();
  const Icon = mode === 'dark' ? Sun : Moon;
  return (
    <button
      type="button"
      onClick={() => void toggle()}
      className={clsx(ui.button, ui.outlined, ui.small, fullWidth && [ui.fullWidth, styles.start])}
    >
      <Icon aria-hidden size={20} />
      {themeToggleLabel(mode)}
    </button>
  );
}
