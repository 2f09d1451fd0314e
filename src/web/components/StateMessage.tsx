import type { ReactNode } from 'react';
import styles from './StateMessage.module.css';

/** An empty or error state in place of a list or page. */
export function StateMessage({ children, tone = 'empty' }: { children: ReactNode; tone?: 'empty' | 'error' }) {
  return (
    <div
      className={tone === 'error' ? `${styles.message} ${styles.error}` : styles.message}
      role={tone === 'error' ? 'alert' : undefined}
    >
      {children}
    </div>
  );
}
