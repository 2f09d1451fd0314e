import { useEffect, useState } from 'react';
import type { UserJson } from '../../../../shared/api-types';
import { GUEST_USERNAME } from '../../../../shared/constants';
import { messages } from '../../../../shared/messages';
import { Avatar } from '../../../components/Avatar';
import { Button } from '../../../components/Button';
import { FormBanner } from '../../../components/FormBanner';
import { EditIcon } from '../../../components/icons';
import { useSession } from '../../../lib/auth-store';
import { useQuestions } from '../../questions/api/get-questions';
import { PostList } from '../../questions/components/PostList';
import { useUser } from '../api/get-user';
import { EditProfileDialog, type ProfileDraft } from './EditProfileDialog';
import { FollowingList } from './FollowingList';
import styles from './ProfilePage.module.css';

const plural = (count: number, one: string, many: string) => (count === 1 ? one : many);

/** /profile: the signed-in baker's card, counts and bio, then 'My Posts' (spec section 2). */
export default function ProfilePage() {
  const session = useSession();
  useEffect(() => {
    document.title = 'Profile · Crumb';
  }, []);
  // The guard sends signed-out visitors away; this covers the moment of signing out here.
  if (!session) return null;
  // Keyed by baker: when another baker signs in (in another tab), Edit Profile closes and what the
  // last one typed there, or kept after a failure, is never shown to or saved as the new one.
  return <Profile key={session.user.username} stored={session.user} />;
}

function Profile({ stored }: { stored: UserJson }) {
  const { data: user = stored } = useUser(stored.username, stored);
  const posts = useQuestions('author', { author: stored.username });
  const [editing, setEditing] = useState(false);
  const [editError, setEditError] = useState<string | null>(null);
  const [failedDraft, setFailedDraft] = useState<ProfileDraft | null>(null);
  const isGuest = user.username.toLowerCase() === GUEST_USERNAME;
  const fullName = `${user.firstName} ${user.lastName}`.trim();

  return (
    <>
      <section className={styles.card} aria-labelledby="profile-name">
        <div className={styles.top}>
          <Avatar name={user.firstName} size="lg" />
          <div className={styles.identity}>
            <h1 id="profile-name" className={styles.name}>
              {fullName}
            </h1>
            <p className={styles.username}>@{user.username}</p>
          </div>
          {!isGuest && (
            <Button
              variant="secondary"
              size="sm"
              className={styles.edit}
              onClick={() => {
                setEditError(null);
                setEditing(true);
              }}
            >
              <EditIcon />
              Edit Profile
            </Button>
          )}
        </div>
        <ul className={styles.stats} aria-label="Activity">
          <li>
            <strong>{user.questionCount}</strong> {plural(user.questionCount, 'post', 'posts')}
          </li>
          <li>
            <strong>{user.followerCount}</strong> {plural(user.followerCount, 'follower', 'followers')}
          </li>
          <li>
            <strong>{user.followingCount}</strong> following
          </li>
        </ul>
        {user.bio ? <p className={styles.bio}>{user.bio}</p> : <p className={styles.noBio}>No bio yet.</p>}
        <FollowingList username={user.username} total={user.followingCount} />
        {isGuest && <p className={styles.note}>{messages.guestCannotEdit}</p>}
        <FormBanner message={editError} className={styles.editError} />
      </section>

      <h2 className={styles.heading}>My Posts</h2>
      <PostList query={posts} label="My Posts" empty="No posts found" />

      {editing && (
        <EditProfileDialog
          user={user}
          draft={failedDraft}
          onClose={() => {
            setEditing(false);
            setFailedDraft(null);
          }}
          onFailed={(message, draft) => {
            setEditing(false);
            setEditError(message);
            setFailedDraft(draft);
          }}
        />
      )}
    </>
  );
}
