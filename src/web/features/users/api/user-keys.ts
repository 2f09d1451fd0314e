export const userKeys = {
  all: ['users'] as const,
  suggestions: (username: string | null) => ['users', 'suggestions', username] as const,
  detail: (idOrUsername: string) => ['users', 'detail', idOrUsername] as const,
  following: (username: string) => ['users', 'following', username] as const,
};
