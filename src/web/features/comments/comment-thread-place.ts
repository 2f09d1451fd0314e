/**
 * The id of a thread of comments, and the place 'Sign in to comment' leads back to (decision 19):
 * a post's own thread, or an answer's. Each names its post or answer, since a list page shows
 * many posts' threads at once. Unlike the post card's `comments-<question id>`, it cannot name
 * another element: questions and answers are numbered apart.
 */
export const commentThreadPlace = (questionId: string, answerId?: string) =>
  answerId ? `answer-comments-${answerId}` : `post-comments-${questionId}`;
