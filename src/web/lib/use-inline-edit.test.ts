import { act, renderHook } from '@testing-library/react';
import type { FormEvent } from 'react';
import { describe, expect, it } from 'vitest';
import { messages } from '../../shared/messages';
import { peekKeptDraft } from './kept-drafts';
import { useInlineEdit } from './use-inline-edit';

const submitEvent = () =>
  ({
    preventDefault: () => {},
    currentTarget: document.createElement('form'),
  }) as unknown as FormEvent<HTMLFormElement>;

const noKeeping = { editor: undefined, place: 'edit:1' };

describe('useInlineEdit', () => {
  it('ends the editing that was saved, not one begun after a Cancel while the save was on its way', () => {
    const saves: Array<() => void> = [];
    const { result } = renderHook(() => useInlineEdit(100, (_text, done) => saves.push(done), noKeeping));

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
    const { result } = renderHook(() => useInlineEdit(4, (text) => saved.push(text), noKeeping));

    act(() => result.current.setText(' 🍞🥐🥖🧁 '));
    act(() => result.current.submit(submitEvent()));
    expect(saved).toEqual(['🍞🥐🥖🧁']);
    expect(result.current.error).toBeUndefined();

    act(() => result.current.setText('🍞🥐🥖🧁🍩'));
    act(() => result.current.submit(submitEvent()));
    expect(saved).toHaveLength(1);
    expect(result.current.error).toBe(messages.tooLong(4));
  });

  it('keeps the edit when its author’s session ends, and opens it again when they are back', () => {
    sessionStorage.clear();
    const { result, rerender } = renderHook(({ editor }) => useInlineEdit(100, () => {}, { editor, place: 'edit:7' }), {
      initialProps: { editor: 'anna' as string | undefined },
    });
    act(() => result.current.setText('Half an hour at 200°C'));

    rerender({ editor: undefined });
    expect(result.current.draft).toBeNull();
    expect(peekKeptDraft('anna', 'edit:7')).toBe('Half an hour at 200°C');

    rerender({ editor: 'anna' });
    expect(result.current.draft).toBe('Half an hour at 200°C');
    expect(peekKeptDraft('anna', 'edit:7')).toBeUndefined();
  });
});
