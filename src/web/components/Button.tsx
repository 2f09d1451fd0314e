import { forwardRef, type ButtonHTMLAttributes } from 'react';
import styles from './Button.module.css';

type Variant = 'primary' | 'secondary' | 'ghost' | 'danger';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: Variant;
  size?: 'sm' | 'md';
  /**
   * What the button does is under way (a save, a page loading): it looks disabled and does
   * nothing, but stays focusable. A disabled button drops keyboard focus to the page, so whoever
   * pressed it by keyboard would have to find their way back.
   */
  busy?: boolean;
}

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant = 'primary', size = 'md', className, type = 'button', busy = false, onClick, ...props },
  ref,
) {
  return (
    <button
      ref={ref}
      type={type}
      className={[styles.button, styles[variant], styles[size], className].filter(Boolean).join(' ')}
      aria-disabled={busy || undefined}
      // A cancelled click also stops a submit button's form from being sent.
      onClick={busy ? (event) => event.preventDefault() : onClick}
      {...props}
    />
  );
});

/** The same look for a link that acts as a button (JOIN NOW, EXPLORE NOW). */
export function buttonClass(variant: Variant = 'primary', size: 'sm' | 'md' = 'md') {
  return [styles.button, styles[variant], styles[size]].join(' ');
}
