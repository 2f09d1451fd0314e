/** Frames to wait at most: a dialog closing takes one or two; past a second, go ahead anyway. */
const MAX_FRAMES = 60;

/**
 * Runs `action` on the first frame with no dialog open. An open dialog keeps keyboard focus
 * inside it and pulls back any focus moved out, so focus meant for the page after a dialog's
 * action (a deleted answer's list heading) must wait until the dialog is gone.
 */
export function afterDialogsClose(action: () => void): void {
  let frames = 0;
  const step = () => {
    frames += 1;
    if (document.querySelector('[role="dialog"]') && frames < MAX_FRAMES) requestAnimationFrame(step);
    else action();
  };
  requestAnimationFrame(step);
}
