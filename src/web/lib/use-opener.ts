import { useEffect, useState } from 'react';
import { useSession } from './auth-store';

/**
 * The baker a dialog was opened as, for a dialog whose one action is a write sent as them (Delete
 * asks before it). Once their session ends, or another baker signs in (in another tab, say), the
 * dialog is theirs no more: this calls `close` and, until the dialog is gone, returns undefined, so
 * nothing is sent as another baker and the dialog does not come back when its opener does.
 */
export function useOpener(close: () => void): string | undefined {
  const signedIn = useSession()?.user.username;
  const [opener] = useState(signedIn);
  const stillOpener = signedIn !== undefined && signedIn === opener;
  useEffect(() => {
    if (!stillOpener) close();
  }, [stillOpener, close]);
  return stillOpener ? opener : undefined;
}
