import styles from './Avatar.module.css';

/** A round badge with the first letter of the first name (spec: profile avatar). */
export function Avatar({ name, size = 'md' }: { name: string; size?: 'sm' | 'md' | 'lg' }) {
  const letter = name.trim().charAt(0).toUpperCase() || '?';
  return (
    <span className={`${styles.avatar} ${styles[size]}`} aria-hidden="true">
      {letter}
    </span>
  );
}
