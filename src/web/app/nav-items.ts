export const NAV_ITEMS = [
  { to: '/feed', label: 'Feed' },
  { to: '/explore', label: 'Explore' },
  { to: '/bookmarks', label: 'Bookmarks' },
  { to: '/profile', label: 'Profile' },
] as const;
