import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterDialogsClose } from './after-dialogs-close';

describe('afterDialogsClose', () => {
  afterEach(() => {
    vi.useRealTimers();
    document.body.innerHTML = '';
  });

  it('waits for the open dialog to go, then acts', () => {
    vi.useFakeTimers({ toFake: ['requestAnimationFrame'] });
    const dialog = document.createElement('div');
    dialog.setAttribute('role', 'dialog');
    document.body.append(dialog);
    const action = vi.fn();

    afterDialogsClose(action);
    vi.advanceTimersToNextFrame();
    vi.advanceTimersToNextFrame();
    expect(action).not.toHaveBeenCalled();

    dialog.remove();
    vi.advanceTimersToNextFrame();
    expect(action).toHaveBeenCalledTimes(1);
  });

  it('acts on the next frame when no dialog is open, and gives up when one stays open', () => {
    vi.useFakeTimers({ toFake: ['requestAnimationFrame'] });
    const action = vi.fn();
    afterDialogsClose(action);
    vi.advanceTimersToNextFrame();
    expect(action).toHaveBeenCalledTimes(1);

    const stuck = document.createElement('div');
    stuck.setAttribute('role', 'dialog');
    document.body.append(stuck);
    const late = vi.fn();
    afterDialogsClose(late);
    for (let frame = 1; frame <= 60; frame += 1) vi.advanceTimersToNextFrame();
    stuck.remove();
    for (let frame = 1; frame <= 5; frame += 1) vi.advanceTimersToNextFrame();
    expect(late).not.toHaveBeenCalled();
  });
});
