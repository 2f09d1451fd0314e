import { useCallback, useState } from 'react';

/**
 * The text of a polite status region, and a way to say something in it. The region is emptied
 * first and the message put in on the next frame, so the same words said twice (a second
 * comment added) change the region twice and are read out again.
 */
export function useAnnouncement(): [string, (message: string) => void] {
  const [text, setText] = useState('');
  const announce = useCallback((message: string) => {
    setText('');
    requestAnimationFrame(() => setText(message));
  }, []);
  return [text, announce];
}
