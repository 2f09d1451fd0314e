import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { UserJson } from '../../../../shared/api-types';
import { Avatar } from '../../../components/Avatar';
import { Button } from '../../../components/Button';
import { FormBanner } from '../../../components/FormBanner';
import { Spinner } from '../../../components/Spinner';
import { errorMessage } from '../../../lib/api-client';
import { useSession } from '../../../lib/auth-store';
import { originOf } from '../../../lib/navigation';
import { useConfirmedFollow } from '../api/follow-state';
import { useFollowUser } from '../api/follow-user';
import { useSuggestions } from '../api/get-suggestions';
import styles from './SuggestedUsers.module.css';

/** 'You may also know' with Follow + / Unfollow (spec section 2). */
export function SuggestedUsers() {
  const session = useSession();
  const suggestions = useSuggestions(session?.user.username ?? null);
  const [followError, setFollowError] = useState<string | null>(null);

  return (
    <section className={styles.card} aria-labelledby="suggested-users-title">
      <h2 id="suggested-users-title" className={styles.title}>
        You may also know
      </h2>
      <FormBanner message={followError} />
      {suggestions.isPending ? (
        <Spinner label="Loading bakers" />
      ) : suggestions.isLoadingError ? (
        <p className={styles.error}>Some error occurred. Try reloading!</p>
      ) : suggestions.data.users.filter((u) => u.username !== session?.user.username).length === 0 ? (
        <p className={styles.empty}>No users to display</p>
      ) : (
        <ul className={styles.list}>
          {suggestions.data.users
            .filter((u) => u.username !== session?.user.username)
            .map((user) => (
              <SuggestedUser key={user._id} user={user} showFollowError={setFollowError} />
            ))}
        </ul>
      )}
    </section>
  );
}

function SuggestedUser({
  user,
  showFollowError,
}: {
  user: UserJson;
  /** Shows the message in the card's banner; null clears it. */
  showFollowError: (message: string | null) => void;
}) {
  const session = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const follow = useFollowUser();
  const listed = session?.user.following.includes(user.username) ?? false;
  const confirmed = useConfirmedFollow(session?.user._id, user.username);
  // Shown at once and undone if the server refuses; once it agrees, its answer (kept per tab, see
  // follow-state.ts) holds over the stored list, which names only the first 100 follows.
  const [optimistic, setOptimistic] = useState<boolean | null>(null);
  const following = optimistic ?? confirmed ?? listed;

  const toggle = () => {
    if (!session) {
      void navigate('/signIn', { state: originOf(location) });
      return;
    }
    const next = !following;
    setOptimistic(next);
    showFollowError(null);
    follow.mutate(
      { userId: user._id, follow: next, sender: session.user.username },
      { onSettled: () => setOptimistic(null), onError: (error) => showFollowError(errorMessage(error)) },
    );
  };

  return (
    <li className={styles.user}>
      <Avatar name={user.firstName || user.username} size="sm" />
      <div className={styles.names}>
        <span className={styles.fullName}>
          {user.firstName} {user.lastName}
        </span>
        <span className={styles.username}>@{user.username}</span>
      </div>
      <Button size="sm" variant={following ? 'secondary' : 'primary'} onClick={toggle} busy={follow.isPending}>
        {following ? 'Unfollow' : 'Follow +'} <span className="visually-hidden">@{user.username}</span>
      </Button>
    </li>
  );
}
