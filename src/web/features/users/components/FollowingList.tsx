import { useId, useRef, useState } from 'react';
import { Button } from '../../../components/Button';
import { FormBanner } from '../../../components/FormBanner';
import { Spinner } from '../../../components/Spinner';
import { StateMessage } from '../../../components/StateMessage';
import { errorMessage } from '../../../lib/api-client';
import { useFollowing } from '../api/get-following';
import { useFollowUser, usePendingUnfollows } from '../api/follow-user';
import styles from './FollowingList.module.css';

/**
 * The bakers you follow, newest follow first, each with Unfollow, a page at a time. Without it a
 * follow could not be undone once the baker left 'You may also know' (suggestions leave out people
 * you already follow).
 */
export function FollowingList({ username, total }: { username: string; total: number }) {
  const follow = useFollowUser();
  // Per row: the mutation tells only its latest request, and a row whose unfollow is still on its
  // way must not send another ('You do not follow').
  const unfollowing = usePendingUnfollows();
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const [unfollowError, setUnfollowError] = useState<string | null>(null);
  const listId = useId();
  const summary = useRef<HTMLButtonElement>(null);
  const following = useFollowing(username, open);
  // Once opened, the list's button stays even after the last unfollow (the list then empty), so
  // keyboard focus, which is on it, is kept, and closing it keeps it too.
  if (total === 0 && !opened) return null;
  const users = following.data?.pages.flatMap((page) => page.users) ?? [];
  return (
    <div className={styles.details}>
      <button
        ref={summary}
        type="button"
        className={styles.summary}
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => {
          setOpen((value) => !value);
          setOpened(true);
        }}
      >
        Bakers you follow ({total})
      </button>
      <div id={listId} hidden={!open}>
        <FormBanner message={unfollowError} />
        {following.isPending ? (
          open && <Spinner label="Loading the bakers you follow" />
        ) : !following.data ? (
          <StateMessage tone="error">Some error occurred. Try reloading!</StateMessage>
        ) : users.length === 0 && !following.hasNextPage ? (
          <StateMessage>No users to display</StateMessage>
        ) : (
          <>
            <ul className={styles.list}>
              {users.map(({ _id, username: name }) => (
                <li key={_id} className={styles.item}>
                  <span className={styles.name}>@{name}</span>
                  <Button
                    size="sm"
                    variant="secondary"
                    busy={unfollowing.includes(_id)}
                    onClick={() => {
                      setUnfollowError(null);
                      // The row goes with its button: keep keyboard focus on the list's own button.
                      follow.mutateAsync({ userId: _id, follow: false, sender: username }).then(
                        () => summary.current?.focus(),
                        (error: unknown) => setUnfollowError(errorMessage(error)),
                      );
                    }}
                  >
                    Unfollow <span className="visually-hidden">@{name}</span>
                  </Button>
                </li>
              ))}
            </ul>
            {following.hasNextPage && (
              <Button
                size="sm"
                variant="secondary"
                className={styles.loadMore}
                busy={following.isFetchingNextPage}
                onClick={() => void following.fetchNextPage()}
              >
                {following.isFetchingNextPage ? 'Loading…' : 'Load more bakers'}
              </Button>
            )}
            {(following.isFetchNextPageError || following.isRefetchError) && (
              <StateMessage tone="error">Some error occurred. Try reloading!</StateMessage>
            )}
          </>
        )}
      </div>
    </div>
  );
}
