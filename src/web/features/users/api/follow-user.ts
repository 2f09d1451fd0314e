import { useMutation, useMutationState, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { UserJson, UserPage } from '../../../../shared/api-types';
import { apiRequest } from '../../../lib/api-client';
import { authStore } from '../../../lib/auth-store';
import { questionKeys } from '../../questions/api/query-keys';
import { confirmFollow } from './follow-state';
import { userKeys } from './user-keys';

interface FollowResult {
  user: UserJson;
  followUser: UserJson;
}

interface FollowChange {
  userId: string;
  follow: boolean;
  /** Who pressed: the change is sent only as them (api-client.ts, `sender`). */
  sender: string;
}

export function followUser({ userId, follow, sender }: FollowChange): Promise<FollowResult> {
  return apiRequest<FollowResult>(`/users/${follow ? 'follow' : 'unfollow'}/${encodeURIComponent(userId)}`, {
    method: 'POST',
    sender,
  });
}

/** Every follow and unfollow, wherever it was pressed, so those on their way can be found. */
const followMutationKey = ['follow'] as const;

/**
 * Follows or unfollows. The caller's stored user is replaced by the server's (spec section 4),
 * both profiles, the caller's list of those followed and the feed are refreshed. A failure is
 * the caller's to show: in a banner where the button is (spec section 8).
 */
export function useFollowUser() {
  const client = useQueryClient();
  return useMutation({
    mutationKey: followMutationKey,
    mutationFn: followUser,
    onSuccess: ({ user, followUser: other }, { follow }) => {
      confirmFollow(user._id, other.username, follow);
      authStore.updateUser(user);
      client.setQueryData(userKeys.detail(user.username), user);
      client.setQueryData(userKeys.detail(other.username), other);
      if (follow) {
        // The new follow goes first in the list of those followed: fetched again when next shown.
        void client.invalidateQueries({ queryKey: userKeys.following(user.username) });
      } else {
        // Gone from the list at once; the pages after it keep their cursors.
        client.setQueryData<InfiniteData<UserPage>>(userKeys.following(user.username), (data) =>
          data
            ? {
                ...data,
                pages: data.pages.map((page) => ({ ...page, users: page.users.filter((u) => u._id !== other._id) })),
              }
            : data,
        );
      }
      void client.invalidateQueries({ queryKey: questionKeys.listsOf('feed') });
    },
  });
}

/** The ids of the bakers an unfollow is on its way for, each one pressed anywhere. */
export function usePendingUnfollows(): string[] {
  return useMutationState({
    filters: {
      mutationKey: followMutationKey,
      status: 'pending',
      predicate: (mutation) => (mutation.state.variables as FollowChange).follow === false,
    },
    select: (mutation) => (mutation.state.variables as FollowChange).userId,
  });
}
