import { act, renderHook } from '@testing-library/react';
import type { FormEvent } from 'react';
import { describe, expect, it } from 'vitest';
import { messages } from '../../shared/messages';
import { useInlineEdit } from './use-inline-edit';

const submitEvent = () =>
  ({
    preventDefault: () => {},
    currentTarget: document.createElement('form'),
  }) as unknown as FormEvent<HTMLFormElement>;

describe('useInlineEdit', () => {
  it('ends the editing that was saved, not one begun after a Cancel while the save was on its way', () => {
    const saves: Array<() => void> = [];
    const { result } = renderHook(() => useInlineEdit(100, (_text, done) => saves.push(done)));

    act(() => result.current.setText('First version'));
    act(() => result.current.submit(submitEvent()));
    act(() => result.current.cancel());
    act(() => result.current.setText('Second try'));
    act(() => saves[0]?.());
    expect(result.current.draft).toBe('Second try');

    act(() => result.current.submit(submitEvent()));
    act(() => saves[1]?.());
    expect(result.current.draft).toBeNull();
  });

  it('counts characters as the server does: an emoji is one, and one too many is refused unsent', () => {
    const saved: string[] = [];
    const { result } = renderHook(() => useInlineEdit(4, (text) => saved.push(text)));

    act(() => result.current.setText(' 🍞🥐🥖🧁 '));
    act(() => result.current.submit(submitEvent()));
    expect(saved).toEqual(['🍞🥐🥖🧁']);
    expect(result.current.error).toBeUndefined();

    act(() => result.current.setText('🍞🥐🥖🧁🍩'));
    act(() => result.current.submit(submitEvent()));
    expect(saved).toHaveLength(1);
    expect(result.current.error).toBe(messages.tooLong(4));
  });
});
