import styles from './FormBanner.module.css';

/**
 * An error from the server, announced as soon as it appears (spec section 8: sign in/up and
 * follow/unfollow errors appear in a banner).
 */
export function FormBanner({ message, className }: { message: string | null; className?: string }) {
  return (
    <div role="alert" className={message ? [styles.banner, className].filter(Boolean).join(' ') : undefined}>
      {message}
    </div>
  );
}
