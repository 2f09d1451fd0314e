import { describe, expect, it } from 'vitest';
import type { VotesJson } from '../../shared/api-types';
import { applyReaction, reactionFor, votersSummary } from './votes';

const none: VotesJson = { upvotedBy: [], downvotedBy: [], upvotes: 0, downvotes: 0, myVote: null };

describe('votes', () => {
  it('sends unvote when the chosen side is already mine, else that side (spec section 4)', () => {
    expect(reactionFor(null, 'upvote')).toBe('upvote');
    expect(reactionFor('upvote', 'upvote')).toBe('unvote');
    expect(reactionFor('upvote', 'downvote')).toBe('downvote');
    expect(reactionFor('downvote', 'downvote')).toBe('unvote');
  });

  it('applies an upvote, a switch to downvote and an unvote like the server does', () => {
    const up = applyReaction(none, 'upvote', 'anna');
    expect(up).toEqual({ upvotedBy: ['anna'], downvotedBy: [], upvotes: 1, downvotes: 0, myVote: 'upvote' });
    const switched = applyReaction(up, 'downvote', 'anna');
    expect(switched).toEqual({ upvotedBy: [], downvotedBy: ['anna'], upvotes: 0, downvotes: 1, myVote: 'downvote' });
    expect(applyReaction(switched, 'unvote', 'anna')).toEqual(none);
  });

  it('keeps other voters and exact counts beyond the recent names', () => {
    const busy: VotesJson = { upvotedBy: ['ben'], downvotedBy: [], upvotes: 40, downvotes: 3, myVote: null };
    expect(applyReaction(busy, 'upvote', 'anna')).toMatchObject({ upvotedBy: ['anna', 'ben'], upvotes: 41 });
  });

  it("summarises voters as the first plus '+ N more', or 'None'", () => {
    expect(votersSummary(none)).toBe('None');
    expect(votersSummary({ ...none, upvotedBy: ['anna'], upvotes: 1 })).toBe('@anna');
    expect(votersSummary({ ...none, upvotedBy: ['anna'], downvotedBy: ['ben'], upvotes: 3, downvotes: 1 })).toBe(
      '@anna + 3 more',
    );
  });
});
