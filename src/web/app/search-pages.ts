/** The pages that show 'Search posts': every page with the navigation but the profile. */
export const showsSearchBox = (pathname: string) => /^\/(explore|feed|bookmarks|question\/[^/]+)\/?$/.test(pathname);

/** The search box's own id, for the label and the skip link. */
export const SEARCH_BOX_ID = 'search-posts';
