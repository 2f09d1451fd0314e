/** Frames to wait at most: a dialog closing takes one or two. */
const MAX_FRAMES = 60;

/**
 * Runs `action` on the first frame with no dialog open. An open dialog keeps keyboard focus
 * inside it and pulls back any focus moved out, so focus meant for the page after a dialog's
 * action (a deleted answer's list heading) must wait until the dialog is gone. A dialog still
 * open after MAX_FRAMES is another one, opened since, with the reader in it: the action is
 * dropped rather than take focus from there.
 */
export function afterDialogsClose(action: () => void): void {
  let frames = 0;
  const step = () => {
    frames += 1;
    if (!document.querySelector('[role="dialog"]')) action();
    else if (frames < MAX_FRAMES) requestAnimationFrame(step);
  };
  requestAnimationFrame(step);
}
