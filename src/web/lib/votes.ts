import type { MyVote, VotesJson } from '../../shared/api-types';
import type { Reaction } from '../../shared/constants';

/** The reaction a click on one side sends: 'unvote' when the caller already voted that side (spec section 4). */
export function reactionFor(current: MyVote, side: 'upvote' | 'downvote'): Reaction {
  return current === side ? 'unvote' : side;
}

/** The votes as they will be after `reaction`, so the score changes before the server answers. */
export function applyReaction(votes: VotesJson, reaction: Reaction, username: string): VotesJson {
  let { upvotes, downvotes } = votes;
  if (votes.myVote === 'upvote') upvotes -= 1;
  if (votes.myVote === 'downvote') downvotes -= 1;
  const without = (list: string[]) => list.filter((name) => name !== username);
  let upvotedBy = without(votes.upvotedBy);
  let downvotedBy = without(votes.downvotedBy);
  if (reaction === 'upvote') {
    upvotes += 1;
    upvotedBy = [username, ...upvotedBy];
  }
  if (reaction === 'downvote') {
    downvotes += 1;
    downvotedBy = [username, ...downvotedBy];
  }
  return { upvotes, downvotes, upvotedBy, downvotedBy, myVote: reaction === 'unvote' ? null : reaction };
}

/** The tooltip text: the first voter and '+ N more', or 'None' (spec section 2). */
export function votersSummary(votes: VotesJson): string {
  const first = votes.upvotedBy[0] ?? votes.downvotedBy[0];
  const total = votes.upvotes + votes.downvotes;
  if (!first || total === 0) return 'None';
  return total > 1 ? `@${first} + ${total - 1} more` : `@${first}`;
}
