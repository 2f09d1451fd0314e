import { act, renderHook } from '@testing-library/react';
import type { FormEvent } from 'react';
import { describe, expect, it } from 'vitest';
import { useInlineEdit } from './use-inline-edit';

const submitEvent = () =>
  ({
    preventDefault: () => {},
    currentTarget: document.createElement('form'),
  }) as unknown as FormEvent<HTMLFormElement>;

describe('useInlineEdit', () => {
  it('ends the editing that was saved, not one begun after a Cancel while the save was on its way', () => {
    const saves: Array<() => void> = [];
    const { result } = renderHook(() => useInlineEdit((_text, done) => saves.push(done)));

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
});
