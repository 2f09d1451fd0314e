/**
 * The id of a thread of comments, and the place 'Sign in to comment' leads back to (decision 19):
 * the post's own, or an answer's. Unlike the post card's `comments-<question id>`, it cannot name
 * another element: questions and answers are numbered apart.
 */
export const commentThreadPlace = (answerId?: string) => (answerId ? `answer-comments-${answerId}` : 'post-comments');
