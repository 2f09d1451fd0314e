import type { QuestionSummaryJson, UserJson } from '../../shared/api-types';

/** A user as the API returns it, with any field overridden. */
export function makeUser(overrides: Partial<UserJson> = {}): UserJson {
  return {
    _id: '7',
    id: '7',
    username: 'anna.bakes',
    firstName: 'Anna',
    lastName: 'Berg',
    bio: 'Sourdough every Sunday.',
    followers: [],
    following: ['crumb'],
    followerCount: 0,
    followingCount: 1,
    questionCount: 0,
    createdAt: '2026-10-11T19:46:58.552Z',
    updatedAt: '2026-10-11T19:46:58.552Z',
    ...overrides,
  };
}

/** A question summary as the lists return it, with any field overridden. */
export function makeQuestion(overrides: Partial<QuestionSummaryJson> = {}): QuestionSummaryJson {
  return {
    _id: '4',
    id: '4',
    username: 'anna.bakes',
    questionTitle: 'Why does my sourdough crust go soft overnight?',
    questionText: 'My loaves come out of the oven properly crackly.',
    tags: ['Breads'],
    bookmarked: false,
    votes: { upvotedBy: [], downvotedBy: [], upvotes: 0, downvotes: 0, myVote: null },
    answerCount: 0,
    commentCount: 0,
    createdAt: '2026-10-11T19:46:58.552Z',
    updatedAt: '2026-10-11T19:46:58.552Z',
    ...overrides,
  };
}
