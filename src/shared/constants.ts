/** Business constants shared by the server and the web app. */

export const TAG_OPTIONS = [
  'Cake',
  'Baking',
  'Baking Tools',
  'Recipes',
  'Cake Decoration',
  'Pastry',
  'Donuts',
  'Breads',
  'Wheat Bread',
  'Cookies',
  'Business',
  'Icing',
  'Experience',
  'Bakers',
] as const;

export const MAX_TAGS = 3;
export const MAX_TAG_LENGTH = 30;
/** How many tags one list request may filter by (any of them matches). */
export const MAX_TAG_FILTERS = 10;

export const PAGE_SIZE_DEFAULT = 20;
export const PAGE_SIZE_MAX = 100;
/** Posts per page in the web app's lists: a phone screen's worth and more, quick to render on a slow phone. */
export const WEB_LIST_PAGE_SIZE = 10;
/** Voter usernames kept on each side of a post's or answer's votes. */
export const RECENT_VOTERS = 10;
/** Follower and following usernames carried on a user object. */
export const FOLLOW_LIST_LIMIT = 100;
/** Comments and answers embedded in a single question; more are paged through their own calls. */
export const EMBEDDED_COMMENTS = 20;
export const EMBEDDED_ANSWERS = 20;
export const EMBEDDED_ANSWER_COMMENTS = 10;

export const USERNAME_PATTERN = /^[A-Za-z][A-Za-z0-9_.-]{2,29}$/;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const NAME_MAX = 50;
export const BIO_MAX = 500;
export const TITLE_MAX = 200;
export const QUESTION_TEXT_MAX = 20_000;
export const ANSWER_TEXT_MAX = 20_000;
export const COMMENT_TEXT_MAX = 2_000;

/**
 * Characters of text a page of a list may carry before it ends early, its `nextCursor` going on
 * from its last item: what a page of the default size holds when every item is as long as it may
 * be. So only pages asked larger than the default are cut, and only when their items are long: a
 * hundred of the longest posts would otherwise make a page of megabytes, built anew for each reader.
 */
export const QUESTION_PAGE_TEXT_BUDGET = PAGE_SIZE_DEFAULT * (TITLE_MAX + QUESTION_TEXT_MAX);
/** The same for a page of answers, each with its embedded comments. */
export const ANSWER_PAGE_TEXT_BUDGET =
  PAGE_SIZE_DEFAULT * (ANSWER_TEXT_MAX + EMBEDDED_ANSWER_COMMENTS * COMMENT_TEXT_MAX);
export const SEARCH_MAX = 200;

/** The shared account behind guest sign-in. */
export const GUEST_USERNAME = 'guest';
/** The community account every new sign-up follows. */
export const COMMUNITY_USERNAME = 'crumb';

export const SORTS = ['latest', 'oldest', 'trending'] as const;
export type Sort = (typeof SORTS)[number];

export const REACTIONS = ['upvote', 'downvote', 'unvote'] as const;
export type Reaction = (typeof REACTIONS)[number];
