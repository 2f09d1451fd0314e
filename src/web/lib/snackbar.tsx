import { createContext, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { messages } from '../../shared/messages';
import styles from './snackbar.module.css';

/** How long a message stays up (spec section 9). */
const SNACKBAR_MS = 3000;

type Show = (message?: string) => void;
const SnackbarContext = createContext<Show>(() => {});

/** One message at a time at the bottom of the screen, announced to screen readers, gone after 3 s. */
export function SnackbarProvider({ children }: { children: ReactNode }) {
  const [message, setMessage] = useState<{ text: string; key: number } | null>(null);
  const timer = useRef<number | undefined>(undefined);
  const show = useCallback<Show>((text) => {
    window.clearTimeout(timer.current);
    setMessage({ text: text || messages.unexpected, key: Date.now() });
    timer.current = window.setTimeout(() => setMessage(null), SNACKBAR_MS);
  }, []);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  return (
    <SnackbarContext.Provider value={show}>
      {children}
      <div className={styles.region} role="status" aria-live="polite">
        {message && (
          <div key={message.key} className={styles.snackbar}>
            {message.text}
          </div>
        )}
      </div>
    </SnackbarContext.Provider>
  );
}

/** Shows a message in the snackbar; with no text it shows 'Some error occurred. Try Again!'. */
export function useSnackbar(): Show {
  return useContext(SnackbarContext);
}
