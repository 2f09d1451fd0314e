import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useAnnouncement } from './use-announcement';

describe('useAnnouncement', () => {
  it('empties the region before saying the same words again, so they are read out twice', async () => {
    const { result } = renderHook(() => useAnnouncement());
    act(() => result.current[1]('Comment added.'));
    await waitFor(() => expect(result.current[0]).toBe('Comment added.'));

    act(() => result.current[1]('Comment added.'));
    expect(result.current[0]).toBe('');
    await waitFor(() => expect(result.current[0]).toBe('Comment added.'));
  });
});
