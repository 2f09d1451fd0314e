import { beforeEach, describe, expect, it } from 'vitest';
import { hasKeptDraft, keepDraft, peekKeptDraft, takeKeptDraft } from './kept-drafts';

describe('kept drafts', () => {
  beforeEach(() => sessionStorage.clear());

  it('gives a draft back once, to the baker who typed it', () => {
    keepDraft('anna', 'answer:4', 'Steam the oven.');
    expect(hasKeptDraft('anna', 'answer:4')).toBe(true);
    expect(peekKeptDraft('anna', 'answer:4')).toBe('Steam the oven.');
    expect(takeKeptDraft('anna', 'answer:4')).toBe('Steam the oven.');
    expect(takeKeptDraft('anna', 'answer:4')).toBeUndefined();
  });

  it('never shows one baker’s draft to another, and drops it when another signs in there', () => {
    keepDraft('anna', 'answer:4', 'Private words.');
    expect(hasKeptDraft('ben', 'answer:4')).toBe(false);
    expect(takeKeptDraft('ben', 'answer:4')).toBeUndefined();
    expect(takeKeptDraft('anna', 'answer:4')).toBeUndefined();
  });

  it('keeps one draft per place, the latest', () => {
    keepDraft('anna', 'comment:4:', 'First.');
    keepDraft('anna', 'comment:4:', 'Second.');
    keepDraft('anna', 'comment:5:', 'Elsewhere.');
    expect(takeKeptDraft('anna', 'comment:4:')).toBe('Second.');
    expect(takeKeptDraft('anna', 'comment:5:')).toBe('Elsewhere.');
  });

  it('reads a damaged store as empty', () => {
    sessionStorage.setItem('crumb.keptDrafts', '{not json');
    expect(hasKeptDraft('anna', 'answer:4')).toBe(false);
    keepDraft('anna', 'answer:4', 'Fresh.');
    expect(takeKeptDraft('anna', 'answer:4')).toBe('Fresh.');
  });
});
