import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COPIED_MS, ShareDialog } from './ShareDialog';

describe('ShareDialog', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    // jsdom has no copy command; the fallback path is the one taken on plain http.
    document.execCommand = vi.fn(() => true);
  });
  afterEach(() => vi.useRealTimers());

  const press = async (name: string) => {
    fireEvent.click(screen.getByRole('button', { name }));
    // The copy is awaited before the label changes.
    await act(async () => {});
  };

  it("says 'Copied' for 3 s after the last Copy, not the first", async () => {
    render(<ShareDialog open onOpenChange={() => {}} questionId="4" />);
    await press('Copy');
    expect(screen.getByRole('button', { name: 'Copied' })).toBeInTheDocument();

    act(() => vi.advanceTimersByTime(COPIED_MS - 1000));
    await press('Copied');
    act(() => vi.advanceTimersByTime(1500));
    expect(screen.getByRole('button', { name: 'Copied' })).toBeInTheDocument();

    act(() => vi.advanceTimersByTime(COPIED_MS - 1500));
    expect(screen.getByRole('button', { name: 'Copy' })).toBeInTheDocument();
  });
});
