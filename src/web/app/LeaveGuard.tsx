import { Suspense, useEffect, useState } from 'react';
import { useBlocker, type Blocker, type BlockerFunction } from 'react-router';
import { authStore } from '../lib/auth-store';
import { lazyPart, PartBoundary } from '../lib/lazy-part';
import { LEAVE_EXPLANATION, LEAVE_QUESTION, pageHoldsUnsentText } from '../lib/use-leave-warning';
import { logoutMarkOf } from './use-logout';

// Its own chunk, as every dialog: most visits never ask.
const LeaveDialog = lazyPart(() => import('./LeaveDialog'));

/**
 * Moving to another page by a link, Back or Forward, or logging out on any page (Logout forgets
 * what was typed), while the page holds text not yet sent. A new query on the same page keeps it.
 * A replacing navigation is the app's own (a guard sending a signed-out visitor to sign in, a
 * deleted post's page giving way to Explore) and never asks; nor does anything once signed out,
 * since whatever a baker had typed when their session ended is kept for them (decision 29).
 */
const leavesUnsentText: BlockerFunction = ({ currentLocation, nextLocation, historyAction }) =>
  historyAction !== 'REPLACE' &&
  authStore.getSession() !== null &&
  (currentLocation.pathname !== nextLocation.pathname || logoutMarkOf(nextLocation.state) !== undefined) &&
  pageHoldsUnsentText();

/**
 * Asks before a move to another of Crumb's pages would lose text typed and not yet sent
 * (decision 38); the browser asks before a reload or another site (`lib/use-leave-warning.ts`).
 */
export function LeaveGuard() {
  const blocker = useBlocker(leavesUnsentText);
  /** The stopped move the dialog asks about; a later one is looked at afresh. */
  const [askingAbout, setAskingAbout] = useState<Blocker | null>(null);

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    // A move the app makes as it empties the box (a post sent, then shown) was stopped while the
    // text was still there: once the emptied box is drawn, a frame later, it goes on unasked.
    const frame = requestAnimationFrame(() => {
      if (pageHoldsUnsentText()) setAskingAbout(blocker);
      else blocker.proceed();
    });
    return () => cancelAnimationFrame(frame);
  }, [blocker]);

  if (blocker.state !== 'blocked' || askingAbout !== blocker) return null;
  const stay = () => blocker.reset();
  const leave = () => blocker.proceed();
  return (
    // Offline, the dialog's code may not download: the browser's own question stands in.
    <PartBoundary onError={() => (window.confirm(`${LEAVE_QUESTION} ${LEAVE_EXPLANATION}`) ? leave() : stay())}>
      <Suspense fallback={null}>
        <LeaveDialog onStay={stay} onLeave={leave} />
      </Suspense>
    </PartBoundary>
  );
}
