import { useId, useState } from 'react';
import { Button } from '../../../components/Button';
import { useFollowUser } from '../api/follow-user';
import styles from './FollowingList.module.css';

/**
 * The bakers you follow, each with Unfollow. Without it a follow could not be undone once the
 * baker left 'You may also know' (suggestions leave out people you already follow).
 */
export function FollowingList({ following, total }: { following: readonly string[]; total: number }) {
  const follow = useFollowUser();
  const [open, setOpen] = useState(false);
  const listId = useId();
  if (total === 0) return null;
  return (
    <div className={styles.details}>
      <button
        type="button"
        className={styles.summary}
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((value) => !value)}
      >
        Bakers you follow ({total})
      </button>
      <ul id={listId} className={styles.list} hidden={!open}>
        {following.map((username) => (
          <li key={username} className={styles.item}>
            <span className={styles.name}>@{username}</span>
            <Button
              size="sm"
              variant="secondary"
              disabled={follow.isPending && follow.variables.userId === username}
              onClick={() => follow.mutate({ userId: username, follow: false })}
            >
              Unfollow <span className="visually-hidden">@{username}</span>
            </Button>
          </li>
        ))}
      </ul>
      {open && total > following.length && (
        <p className={styles.more}>
          Showing the first {following.length} of {total}.
        </p>
      )}
    </div>
  );
}
