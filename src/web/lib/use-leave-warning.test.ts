import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useLeaveWarning } from './use-leave-warning';

/** Whether the page would ask before unloading now. */
function wouldAsk() {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
}

describe('useLeaveWarning', () => {
  it('asks before unloading only while text is unsent, and no longer once unmounted', () => {
    const { rerender, unmount } = renderHook(({ unsent }) => useLeaveWarning(unsent), {
      initialProps: { unsent: false },
    });
    expect(wouldAsk()).toBe(false);
    rerender({ unsent: true });
    expect(wouldAsk()).toBe(true);
    rerender({ unsent: false });
    expect(wouldAsk()).toBe(false);
    rerender({ unsent: true });
    unmount();
    expect(wouldAsk()).toBe(false);
  });
});
