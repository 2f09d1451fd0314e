import styles from './FormBanner.module.css';

/**
 * An error from the server, announced as soon as it appears (spec section 8: sign in/up and
 * follow/unfollow errors appear in a banner).
 */
export function FormBanner({ message }: { message: string | null }) {
  return (
    <div role="alert" className={message ? styles.banner : undefined}>
      {message}
    </div>
  );
}
