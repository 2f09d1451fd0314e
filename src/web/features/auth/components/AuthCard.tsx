import { useEffect, type ReactNode } from 'react';
import { LoafIcon } from '../../../components/icons';
import styles from './AuthCard.module.css';

interface AuthCardProps {
  title: string;
  subtitle: string;
  children: ReactNode;
  footer: ReactNode;
}

/** The centred card of the sign-in and sign-up pages, which have no side panels (spec section 2). */
export function AuthCard({ title, subtitle, children, footer }: AuthCardProps) {
  useEffect(() => {
    document.title = `${title} · Crumb`;
  }, [title]);
  return (
    <main id="main" className={styles.page} tabIndex={-1}>
      <section className={styles.card} aria-labelledby="auth-title">
        <div className={styles.badge} aria-hidden="true">
          <LoafIcon width="28" height="28" />
        </div>
        <h1 id="auth-title" className={styles.title}>
          {title}
        </h1>
        <p className={styles.subtitle}>{subtitle}</p>
        {children}
        <p className={styles.footer}>{footer}</p>
      </section>
    </main>
  );
}
