import { useEffect, useRef, useState, type FormEvent } from 'react';
import { requiredTextProblem } from '../../shared/schemas/text';
import { useKeptDraft } from './kept-drafts';
import { useLeaveWarning } from './use-leave-warning';

/**
 * Editing a text in place (an answer, a comment): the draft, its error ('Required', or longer
 * than `max` characters), and focus
 * returned to the Edit button when editing ends, where the keyboard user started.
 * `save` gets the trimmed text and a callback that ends editing once the server has it; the
 * callback ends only the editing it was saved from, not one begun after a Cancel meanwhile.
 * The edit is kept for `editor` when their session ends, and opens again with it once they are
 * back (`lib/kept-drafts.ts`, under `place`).
 */
export function useInlineEdit(
  max: number,
  save: (text: string, done: () => void) => void,
  { editor, place }: { editor: string | undefined; place: string },
) {
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string>();
  const editButton = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);
  /** Counts the times editing began. */
  const sessions = useRef(0);
  /** The text editing began with: until it changes, there is nothing to lose. */
  const [startedWith, setStartedWith] = useState<string | null>(null);

  useEffect(() => {
    if (draft === null && wasEditing.current) editButton.current?.focus();
    wasEditing.current = draft !== null;
  }, [draft]);

  const setText = (text: string) => {
    if (draft === null) {
      sessions.current += 1;
      setStartedWith(text);
    }
    setDraft(text);
    setError(undefined);
  };
  useKeptDraft(editor, place, draft ?? '', (text) => (text === '' ? setDraft(null) : setText(text)));
  useLeaveWarning(draft !== null && draft !== startedWith);

  return {
    draft,
    error,
    editButton,
    /** Starts editing, or changes the draft; either clears the error. */
    setText,
    cancel: () => setDraft(null),
    submit: (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      const text = (draft ?? '').trim();
      const problem = requiredTextProblem(text, max, 'lines');
      if (problem) {
        setError(problem);
        event.currentTarget.querySelector('textarea')?.focus();
        return;
      }
      const session = sessions.current;
      save(text, () => {
        if (sessions.current === session) setDraft(null);
      });
    },
  };
}
