import { Suspense, useState } from 'react';
import { NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { Button } from '../components/Button';
import { CompassIcon, BookmarkIcon, HomeIcon, PlusIcon, UserIcon } from '../components/icons';
import { NEW_POST_DRAFT } from '../features/questions/api/add-question';
import { useSession } from '../lib/auth-store';
import type { QuestionSummaryJson } from '../../shared/api-types';
import { POST_EDIT_DRAFT, type KeptPostEdit } from '../features/questions/api/edit-question';
import { hasKeptDraft, peekKeptDraft } from '../lib/kept-drafts';
import { lazyPart, PartBoundary } from '../lib/lazy-part';
import { originOf } from '../lib/navigation';
import { useSnackbar } from '../lib/snackbar';
import { useMediaQuery } from '../lib/use-media-query';
import { NAV_ITEMS } from './nav-items';
import { RightPanel } from './RightPanel';
import { SearchBox } from './SearchBox';
import { showsSearchBox } from './search-pages';
import styles from './ShellLayout.module.css';

const NewPostDialog = lazyPart(() => import('../features/questions/components/NewPostDialog'));

const NAV_ICONS = { '/feed': HomeIcon, '/explore': CompassIcon, '/bookmarks': BookmarkIcon, '/profile': UserIcon };

/** Pages with the left navigation, the main column and the right panel (spec section 2). */
export default function ShellLayout() {
  const session = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const [newPostOpen, setNewPostOpen] = useState(false);
  /** The post whose Edit Post opens again with what its author typed when their session ended. */
  const [keptEditOf, setKeptEditOf] = useState<QuestionSummaryJson | null>(null);
  const showError = useSnackbar();
  // 'Search posts' is in the right panel beside the posts; where that panel goes below them
  // (narrower than 1100px) the box comes before the posts, in the page's order as on screen, so
  // the keyboard reaches it first, not after every loaded post. The stylesheets' narrow layout
  // is `not all and` this query, so no width, fractional ones included, falls between the two.
  const panelBeside = useMediaQuery('(min-width: 1100px)', true);
  const searchShown = showsSearchBox(location.pathname);

  // A new post or a post's edit kept when its author's session ended opens again once they have
  // signed in again: looked for whenever the signed-in baker changes (on this render, not after it).
  const username = session?.user.username;
  const [draftsSeenFor, setDraftsSeenFor] = useState<string>();
  if (username !== draftsSeenFor) {
    setDraftsSeenFor(username);
    if (username && hasKeptDraft(username, NEW_POST_DRAFT)) setNewPostOpen(true);
    else if (username) setKeptEditOf(peekKeptDraft<KeptPostEdit>(username, POST_EDIT_DRAFT)?.question ?? null);
  }

  const openNewPost = () => {
    if (!session) void navigate('/signIn', { state: originOf(location) });
    else setNewPostOpen(true);
  };

  return (
    <>
      <div className={styles.shell}>
        <nav className={styles.nav} aria-label="Main">
          <ul className={styles.navList}>
            {NAV_ITEMS.map(({ to, label }) => {
              const NavIcon = NAV_ICONS[to];
              return (
                <li key={to}>
                  <NavLink to={to} className={({ isActive }) => `${styles.navLink} ${isActive ? styles.active : ''}`}>
                    <NavIcon />
                    {label}
                  </NavLink>
                </li>
              );
            })}
          </ul>
          <Button className={styles.createButton} onClick={openNewPost}>
            <PlusIcon />
            Create New Post
          </Button>
        </nav>
        {/* Where the navigation is hidden (a phone), the floating button stands in for its Create
            New Post: fixed in a corner, but next in Tab order after the header, where the
            navigation's button was, not after every post loaded so far. */}
        <button type="button" className={styles.fab} onClick={openNewPost} aria-label="Create New Post">
          <PlusIcon width="26" height="26" />
        </button>
        {searchShown && !panelBeside && (
          <div className={styles.search}>
            <SearchBox />
          </div>
        )}
        <main id="main" className={styles.main} tabIndex={-1}>
          <Outlet />
        </main>
        <RightPanel search={searchShown && panelBeside} />
      </div>
      {newPostOpen && (
        // A dialog whose code does not download closes and says so, leaving the page as it was.
        <PartBoundary
          onError={() => {
            showError();
            setNewPostOpen(false);
          }}
        >
          <Suspense fallback={null}>
            <NewPostDialog open={newPostOpen} onOpenChange={setNewPostOpen} />
          </Suspense>
        </PartBoundary>
      )}
      {keptEditOf && (
        <PartBoundary
          onError={() => {
            showError();
            setKeptEditOf(null);
          }}
        >
          <Suspense fallback={null}>
            <NewPostDialog open onOpenChange={() => setKeptEditOf(null)} question={keptEditOf} />
          </Suspense>
        </PartBoundary>
      )}
    </>
  );
}
