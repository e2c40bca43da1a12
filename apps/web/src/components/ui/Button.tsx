import type { ButtonHTMLAttributes, ReactNode, Ref } from 'react';
import { Link } from 'react-router';
import clsx from 'clsx';
import { Spinner } from './Spinner';
import styles from './Button.module.css';

type Look = {
  /**
   * contained: the page's main action; outlined: a second one; text: a quiet one; icon: a round
   * button holding only an icon (give it an aria-label).
   */
  variant?: 'contained' | 'outlined' | 'text' | 'icon';
  /** inherit: the colour of the text around it (a header's, a banner's). */
  color?: 'primary' | 'secondary' | 'error' | 'inherit';
  size?: 'small' | 'medium' | 'large';
  fullWidth?: boolean;
  /** An icon before the words (lucide-react, aria-hidden). */
  startIcon?: ReactNode;
};

export type ButtonProps = Look &
  ButtonHTMLAttributes<HTMLButtonElement> & {
    /** While true the button is disabled, busy, and shows a spinner (and `loadingText` if given). */
    loading?: boolean;
    loadingText?: string;
    ref?: Ref<HTMLButtonElement>;
  };

export function buttonClass({
  variant = 'text',
  color = 'primary',
  size = 'medium',
  fullWidth = false,
  className,
}: Look & { className?: string }) {
  return clsx(
    styles.button,
    styles[variant],
    styles[color],
    styles[size],
    fullWidth && styles.fullWidth,
    className,
  );
}

/** The one button. `type` defaults to "button" so a button in a form never submits by accident. */
export function Button({
  variant,
  color,
  size,
  fullWidth,
  startIcon,
  loading = false,
  loadingText,
  disabled,
  className,
  children,
  type = 'button',
  ...button
}: ButtonProps) {
  return (
    <button
      {...button}
      type={type}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      className={buttonClass({ variant, color, size, fullWidth, className })}
    >
      {loading ? <Spinner size={18} label={null} /> : startIcon}
      {loading && loadingText ? loadingText : children}
    </button>
  );
}

/** A link drawn as a button: a route inside the app (`to`), or a page elsewhere (`href`). */
export function ButtonLink({
  to,
  href,
  startIcon,
  children,
  className,
  variant,
  color,
  size,
  fullWidth,
  ...anchor
}: Look & {
  to?: string;
  href?: string;
  children: ReactNode;
  className?: string;
  target?: string;
  rel?: string;
  onClick?: () => void;
  'aria-label'?: string;
}) {
  const classes = buttonClass({ variant, color, size, fullWidth, className });
  const content = (
    <>
      {startIcon}
      {children}
    </>
  );
  return to !== undefined ? (
    <Link to={to} className={classes} {...anchor}>
      {content}
    </Link>
  ) : (
    <a href={href} className={classes} {...anchor}>
      {content}
    </a>
  );
}
