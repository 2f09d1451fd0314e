import { useEffect, type ReactNode } from 'react';
import styles from './PageTitle.module.css';

/** A page's heading, also used as the document title. */
export function PageTitle({ children, title, actions }: { children: ReactNode; title: string; actions?: ReactNode }) {
  useEffect(() => {
    document.title = `${title} · Crumb`;
  }, [title]);
  return (
    <div className={styles.row}>
      <h1 className={styles.title}>{children}</h1>
      {actions}
    </div>
  );
}
