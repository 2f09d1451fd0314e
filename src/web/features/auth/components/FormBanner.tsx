import styles from './FormBanner.module.css';

/** A form's error from the server, announced as soon as it appears (spec section 8: sign in/up errors in a banner). */
export function FormBanner({ message }: { message: string | null }) {
  return (
    <div role="alert" className={message ? styles.banner : undefined}>
      {message}
    </div>
  );
}
