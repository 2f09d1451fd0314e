import { useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/Button';
import { Dialog } from '../../../components/Dialog';
import { copyText } from '../../../lib/copy-text';
import styles from './ShareDialog.module.css';

/** How long 'Copied' shows (spec section 9). */
export const COPIED_MS = 3000;

interface ShareDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  questionId: string;
}

/** 'Copy to Clipboard': the post's link, read-only, and a Copy button that says 'Copied' for 3 s. */
export function ShareDialog({ open, onOpenChange, questionId }: ShareDialogProps) {
  const link = `${window.location.origin}/question/${encodeURIComponent(questionId)}`;
  const input = useRef<HTMLInputElement>(null);
  /** Counts the copies made, so each starts its own 3 s of 'Copied'; 0 once they are over. */
  const [copies, setCopies] = useState(0);
  const copied = copies > 0;
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (copies === 0) return;
    const timer = window.setTimeout(() => setCopies(0), COPIED_MS);
    return () => window.clearTimeout(timer);
  }, [copies]);

  const copy = async () => {
    const ok = await copyText(link, input.current);
    setCopies((count) => (ok ? count + 1 : 0));
    setFailed(!ok);
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Copy to Clipboard">
      <div className={styles.row}>
        <label htmlFor={`share-${questionId}`} className="visually-hidden">
          Link to this post
        </label>
        <input
          id={`share-${questionId}`}
          ref={input}
          className={styles.link}
          readOnly
          value={link}
          onFocus={(event) => event.currentTarget.select()}
        />
        <Button onClick={() => void copy()}>{copied ? 'Copied' : 'Copy'}</Button>
      </div>
      <p className={styles.status} role="status">
        {copied ? 'Link copied to the clipboard.' : failed ? 'Select the link and copy it with your keyboard.' : ''}
      </p>
    </Dialog>
  );
}
