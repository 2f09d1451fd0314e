import { useEffect } from 'react';

/**
 * While `unsent` holds (text typed and not yet sent), leaving the document asks first: a reload,
 * closing the tab, or going to another site shows the browser's own "Leave site?" question.
 */
export function useLeaveWarning(unsent: boolean) {
  useEffect(() => {
    if (!unsent) return;
    const ask = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers ask only when a return value is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [unsent]);
}
