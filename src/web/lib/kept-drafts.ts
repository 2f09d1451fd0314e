import { useEffect, useRef } from 'react';
import { ApiError } from './api-client';
import { authStore } from './auth-store';

/**
 * What a baker had typed when their session ended (decision 29): a new post, an answer, a
 * comment, or an edit of a post, an answer or a comment. It is kept in this tab (sessionStorage) by the place it was
 * typed in, and given back once the same baker has signed in again and that form is shown; a
 * baker who signs in with another account never sees it.
 */
const STORAGE_KEY = 'crumb.keptDrafts';
/** Drafts kept at most; the oldest goes first. */
const MAX_KEPT = 10;

interface KeptDraft {
  username: string;
  place: string;
  value: unknown;
}

function readAll(): KeptDraft[] {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '[]');
    return Array.isArray(parsed) ? (parsed as KeptDraft[]) : [];
  } catch {
    return [];
  }
}

function writeAll(drafts: KeptDraft[]) {
  try {
    if (drafts.length === 0) sessionStorage.removeItem(STORAGE_KEY);
    else sessionStorage.setItem(STORAGE_KEY, JSON.stringify(drafts.slice(-MAX_KEPT)));
  } catch {
    // Storage full or refused: the draft is lost, as it was before drafts were kept.
  }
}

/** Whether a failed send means the session ended, so what was being sent should be kept. */
export const sessionHadEnded = (error: unknown) => error instanceof ApiError && error.sessionEnded;

/**
 * Set by Logout until someone signs in again: a baker who signs out on purpose leaves nothing
 * kept behind, whatever goes away with their session (a comment box on an Explore card, say).
 */
let loggedOut = false;
authStore.subscribe(() => {
  if (authStore.getSession()) loggedOut = false;
});

/** Logout: forgets what is kept in this tab, and keeps nothing more until the next sign-in. */
export function forgetKeptDrafts() {
  loggedOut = true;
  writeAll([]);
}

export function keepDraft(username: string, place: string, value: unknown) {
  if (loggedOut) return;
  writeAll([...readAll().filter((draft) => draft.place !== place), { username, place, value }]);
}

/** The draft `username` typed for `place`, left where it is. */
export function peekKeptDraft<T>(username: string, place: string): T | undefined {
  return readAll().find((draft) => draft.username === username && draft.place === place)?.value as T | undefined;
}

export const hasKeptDraft = (username: string, place: string) => peekKeptDraft(username, place) !== undefined;

/** The draft kept for `place` if `username` typed it, removed from the tab either way. */
export function takeKeptDraft<T>(username: string, place: string): T | undefined {
  const drafts = readAll();
  const found = drafts.find((draft) => draft.place === place);
  if (!found) return undefined;
  writeAll(drafts.filter((draft) => draft !== found));
  return found.username === username ? (found.value as T) : undefined;
}

/**
 * Keeps a text box's text for the baker typing it when their session ends (decision 29): when the
 * signed-in baker changes while the box holds text (the server ended the session, or another tab
 * signed out or in as someone else), the text is kept for them and the box emptied, so whoever is
 * signed in next never sends it as theirs; so it is when the box goes away with the session. When
 * `username` (signed in) shows the box, on mount or on signing in again, what was kept for
 * `place` is given back through `setText`.
 */
export function useKeptDraft(
  username: string | undefined,
  place: string,
  text: string,
  setText: (text: string) => void,
) {
  useKeptForm(username, place, text.trim() === '' ? undefined : text, (kept) => setText(kept ?? ''));
}

/**
 * `useKeptDraft` for a form holding more than one text (New Post, Edit Post): `draft` is what it
 * would keep, undefined while there is nothing to keep, and `restore` gives a kept draft back or,
 * given undefined, empties the form. `isFor` tells whether a draft the baker has kept for `place`
 * belongs to this form: one that does not (an edit of another post) is neither given back nor dropped.
 */
export function useKeptForm<T>(
  username: string | undefined,
  place: string,
  draft: T | undefined,
  restore: (kept: T | undefined) => void,
  isFor: (kept: T) => boolean = () => true,
) {
  const typedBy = useRef(username);
  const typed = useRef(draft);
  useEffect(() => {
    typed.current = draft;
  }, [draft]);
  const keepTyped = (typer: string | undefined) => {
    if (!typer || typed.current === undefined) return false;
    keepDraft(typer, place, typed.current);
    return true;
  };

  useEffect(() => {
    const previous = typedBy.current;
    typedBy.current = username;
    if (previous !== username && keepTyped(previous)) restore(undefined);
    if (!username) return;
    const mine = peekKeptDraft<T>(username, place);
    if (mine !== undefined && !isFor(mine)) return;
    const kept = takeKeptDraft<T>(username, place);
    if (kept !== undefined) restore(kept);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [username, place]);

  // Gone with the session (a box shown only to its author, say), not left by the baker's choice.
  useEffect(
    () => () => {
      if (authStore.getSession()?.user.username !== typedBy.current) keepTyped(typedBy.current);
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [place],
  );
}
