import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { pageHoldsUnsentText, useLeaveWarning } from './use-leave-warning';

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
    expect(pageHoldsUnsentText()).toBe(false);
    rerender({ unsent: true });
    expect(wouldAsk()).toBe(true);
    expect(pageHoldsUnsentText()).toBe(true);
    rerender({ unsent: false });
    expect(wouldAsk()).toBe(false);
    expect(pageHoldsUnsentText()).toBe(false);
    rerender({ unsent: true });
    unmount();
    expect(wouldAsk()).toBe(false);
    expect(pageHoldsUnsentText()).toBe(false);
  });

  it('counts every box holding text, and a box kept across pages only for leaving the document', () => {
    const answer = renderHook(() => useLeaveWarning(true));
    const comment = renderHook(() => useLeaveWarning(true));
    const newPost = renderHook(() => useLeaveWarning(true, { keptAcrossPages: true }));
    answer.unmount();
    expect(pageHoldsUnsentText()).toBe(true);
    comment.unmount();
    expect(pageHoldsUnsentText()).toBe(false);
    expect(wouldAsk()).toBe(true);
    newPost.unmount();
    expect(wouldAsk()).toBe(false);
  });
});
