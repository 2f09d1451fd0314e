import { act, renderHook } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeUser } from '../testing/fixtures';
import { authStore } from './auth-store';
import { forgetKeptDrafts, hasKeptDraft, keepDraft, peekKeptDraft, takeKeptDraft, useKeptDraft } from './kept-drafts';

describe('kept drafts', () => {
  beforeEach(() => sessionStorage.clear());

  it('gives a draft back once, to the baker who typed it', () => {
    keepDraft('anna', 'answer:4', 'Steam the oven.');
    expect(hasKeptDraft('anna', 'answer:4')).toBe(true);
    expect(peekKeptDraft('anna', 'answer:4')).toBe('Steam the oven.');
    expect(takeKeptDraft('anna', 'answer:4')).toBe('Steam the oven.');
    expect(takeKeptDraft('anna', 'answer:4')).toBeUndefined();
  });

  it('never shows one baker’s draft to another, and drops it when another signs in there', () => {
    keepDraft('anna', 'answer:4', 'Private words.');
    expect(hasKeptDraft('ben', 'answer:4')).toBe(false);
    expect(takeKeptDraft('ben', 'answer:4')).toBeUndefined();
    expect(takeKeptDraft('anna', 'answer:4')).toBeUndefined();
  });

  it('keeps one draft per place, the latest', () => {
    keepDraft('anna', 'comment:4:', 'First.');
    keepDraft('anna', 'comment:4:', 'Second.');
    keepDraft('anna', 'comment:5:', 'Elsewhere.');
    expect(takeKeptDraft('anna', 'comment:4:')).toBe('Second.');
    expect(takeKeptDraft('anna', 'comment:5:')).toBe('Elsewhere.');
  });

  it('reads a damaged store as empty', () => {
    sessionStorage.setItem('crumb.keptDrafts', '{not json');
    expect(hasKeptDraft('anna', 'answer:4')).toBe(false);
    keepDraft('anna', 'answer:4', 'Fresh.');
    expect(takeKeptDraft('anna', 'answer:4')).toBe('Fresh.');
  });
});

/** A text box of `place`, shown to whoever `username` is. */
function useBox(username: string | undefined, place = 'answer:4') {
  const [text, setText] = useState('');
  useKeptDraft(username, place, text, setText);
  return { text, setText };
}

describe('useKeptDraft', () => {
  beforeEach(() => sessionStorage.clear());
  afterEach(() => authStore.signOut());

  it('keeps what was typed when the baker’s session ends, empties the box, and fills it again when they are back', () => {
    const { result, rerender } = renderHook(({ username }) => useBox(username), {
      initialProps: { username: 'anna' as string | undefined },
    });
    act(() => result.current.setText('Steam for the first ten minutes.'));

    rerender({ username: undefined });
    expect(result.current.text).toBe('');
    expect(peekKeptDraft('anna', 'answer:4')).toBe('Steam for the first ten minutes.');

    rerender({ username: 'anna' });
    expect(result.current.text).toBe('Steam for the first ten minutes.');
    expect(hasKeptDraft('anna', 'answer:4')).toBe(false);
  });

  it('never hands one baker’s text to another signed in in their place', () => {
    const { result, rerender } = renderHook(({ username }) => useBox(username), {
      initialProps: { username: 'anna' as string | undefined },
    });
    act(() => result.current.setText('Mine.'));

    rerender({ username: 'ben' });
    expect(result.current.text).toBe('');
    // Ben's box took the place's draft and dropped it, unseen.
    expect(hasKeptDraft('anna', 'answer:4')).toBe(false);
  });

  it('keeps nothing for an empty box or a baker who stays', () => {
    const { result, rerender } = renderHook(({ username }) => useBox(username), {
      initialProps: { username: 'anna' as string | undefined },
    });
    act(() => result.current.setText('Still typing.'));
    rerender({ username: 'anna' });
    expect(sessionStorage.getItem('crumb.keptDrafts')).toBeNull();
    expect(result.current.text).toBe('Still typing.');

    act(() => result.current.setText('   '));
    rerender({ username: undefined });
    expect(sessionStorage.getItem('crumb.keptDrafts')).toBeNull();
  });

  it('keeps nothing when the baker logs out on purpose, until someone signs in again', () => {
    authStore.signIn('token', makeUser({ username: 'anna' }));
    keepDraft('anna', 'answer:9', 'Kept from before.');
    const box = renderHook(() => useBox('anna', 'comment:4:'));
    act(() => box.result.current.setText('Half a comment.'));

    forgetKeptDrafts();
    authStore.signOut();
    box.unmount();
    expect(sessionStorage.getItem('crumb.keptDrafts')).toBeNull();

    authStore.signIn('token', makeUser({ username: 'anna' }));
    keepDraft('anna', 'answer:9', 'Kept again.');
    expect(peekKeptDraft('anna', 'answer:9')).toBe('Kept again.');
  });

  it('keeps the text of a box that goes away with the session, not of one the baker leaves', () => {
    authStore.signIn('token', makeUser({ username: 'anna' }));
    const left = renderHook(() => useBox('anna', 'comment:4:'));
    act(() => left.result.current.setText('Left behind on purpose.'));
    left.unmount();
    expect(hasKeptDraft('anna', 'comment:4:')).toBe(false);

    const ended = renderHook(() => useBox('anna', 'comment:4:'));
    act(() => ended.result.current.setText('Typed as the session ended.'));
    authStore.signOut();
    ended.unmount();
    expect(peekKeptDraft('anna', 'comment:4:')).toBe('Typed as the session ended.');
  });
});
