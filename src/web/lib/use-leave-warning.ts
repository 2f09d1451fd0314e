import { useEffect } from 'react';

/** What Crumb asks before a move to another of its pages would lose unsent text. */
export const LEAVE_QUESTION = 'Leave this page?';
export const LEAVE_EXPLANATION = 'What you typed has not been sent. It will be lost if you leave.';

/**
 * The boxes on screen holding text not yet sent that the page takes with it when it goes: moving
 * to another of Crumb's pages asks first while any is held (`app/LeaveGuard.tsx`).
 */
const heldByPage = new Set<symbol>();

/** Whether text typed and not yet sent would be lost with the page shown now. */
export function pageHoldsUnsentText(): boolean {
  return heldByPage.size > 0;
}

/**
 * While `unsent` holds (text typed and not yet sent), leaving asks first: a reload, closing the
 * tab, or going to another site shows the browser's own "Leave site?" question, and moving to
 * another of Crumb's pages Crumb's own. `keptAcrossPages`: the box stays open on the next page (New
 * Post, which the layout holds), so moving between pages loses nothing and asks nothing.
 */
export function useLeaveWarning(unsent: boolean, { keptAcrossPages = false } = {}) {
  useEffect(() => {
    if (!unsent) return;
    const ask = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers ask only when a return value is set.
      event.returnValue = '';
    };
    const holder = Symbol('unsent text');
    window.addEventListener('beforeunload', ask);
    if (!keptAcrossPages) heldByPage.add(holder);
    return () => {
      window.removeEventListener('beforeunload', ask);
      heldByPage.delete(holder);
    };
  }, [unsent, keptAcrossPages]);
}
