import { useEffect } from 'react';
import { ApiError } from './api-client';

/**
 * What a baker had typed when sending it failed because their session had ended (decision 29):
 * a new post, an answer, a comment. It is kept in this tab (sessionStorage) by the place it was
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

export function keepDraft(username: string, place: string, value: unknown) {
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

/** Gives a form its kept text when `username` (signed in) shows it: on mount, or on signing in again. */
export function useKeptText(username: string | undefined, place: string, restore: (text: string) => void) {
  useEffect(() => {
    if (!username) return;
    const kept = takeKeptDraft<string>(username, place);
    if (typeof kept === 'string') restore(kept);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [username, place]);
}
