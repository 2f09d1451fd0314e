import type { ButtonHTMLAttributes } from 'react';
import styles from './Chip.module.css';

/** A tag shown on a post. */
export function TagChip({ children }: { children: string }) {
  return <span className={styles.chip}>{children}</span>;
}

/** A chip that can be pressed: an Explore filter or a removable feed filter. */
export function ChipButton({
  selected,
  className,
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { selected?: boolean }) {
  return (
    <button
      type="button"
      className={`${styles.chip} ${styles.button} ${selected ? styles.selected : ''} ${className ?? ''}`}
      {...props}
    />
  );
}
