import { useId, type InputHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import styles from './TextField.module.css';

interface CommonProps {
  label: string;
  error?: string | undefined;
  hint?: string;
}

type InputProps = CommonProps & InputHTMLAttributes<HTMLInputElement> & { multiline?: false };
type AreaProps = CommonProps & TextareaHTMLAttributes<HTMLTextAreaElement> & { multiline: true };

/** A labelled input or textarea with its error under it, tied together for screen readers. */
export function TextField(props: InputProps | AreaProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const { label, error, hint, className, ...rest } = props;
  const describedBy = error ? errorId : hint ? hintId : undefined;
  const shared = {
    id,
    className: `${styles.control} ${error ? styles.invalid : ''}`,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
  };
  return (
    <div className={`${styles.field} ${className ?? ''}`}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      {rest.multiline ? (
        <textarea {...shared} rows={5} {...withoutMultiline(rest)} />
      ) : (
        <input {...shared} {...(withoutMultiline(rest) as InputHTMLAttributes<HTMLInputElement>)} />
      )}
      {hint && !error && (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      )}
    </div>
  );
}

function withoutMultiline<T extends { multiline?: boolean }>(props: T): Omit<T, 'multiline'> {
  const rest = { ...props };
  delete rest.multiline;
  return rest;
}
