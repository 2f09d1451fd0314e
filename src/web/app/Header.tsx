import { Suspense, useCallback, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { Avatar } from '../components/Avatar';
import { buttonClass } from '../components/Button';
import { LoafIcon } from '../components/icons';
import { useSession } from '../lib/auth-store';
import { lazyPart, PartBoundary } from '../lib/lazy-part';
import { originOf } from '../lib/navigation';
import { useSnackbar } from '../lib/snackbar';
import menuStyles from './AvatarMenu.module.css';
import styles from './Header.module.css';
import { useLogout } from './use-logout';

const AvatarMenu = lazyPart(() => import('./AvatarMenu'));

export function Header() {
  const session = useSession();
  const location = useLocation();
  const logout = useLogout();
  const showError = useSnackbar();
  const onSignPage = location.pathname.toLowerCase().includes('sign');
  /** The menu's button was pressed while its code had failed to download. */
  const [menuRetried, setMenuRetried] = useState(false);
  // Once the menu is there, the press is answered: later sign-ins show it closed, as usual.
  const menuShown = useCallback(() => setMenuRetried(false), []);

  return (
    <header className={styles.header}>
      <Link to="/explore" className={styles.logo} aria-label="Crumb, go to Explore">
        <LoafIcon />
        <span>Crumb</span>
      </Link>
      <div className={styles.actions}>
        {session ? (
          <>
            <button type="button" className={`${buttonClass('secondary', 'sm')} ${styles.logout}`} onClick={logout}>
              Logout
            </button>
            {/* A menu whose code did not download says so and leaves its button, which downloads it
                again and opens it, as the press asked; if it fails again, the button keeps focus. */}
            <PartBoundary
              onError={showError}
              fallback={(retry) => (
                <button
                  type="button"
                  className={menuStyles.trigger}
                  aria-label={`Menu for @${session.user.username}`}
                  autoFocus={menuRetried}
                  onClick={() => {
                    setMenuRetried(true);
                    retry();
                  }}
                >
                  <Avatar name={session.user.firstName || session.user.username} size="sm" />
                </button>
              )}
            >
              <Suspense fallback={null}>
                <AvatarMenu defaultOpen={menuRetried} onShown={menuShown} />
              </Suspense>
            </PartBoundary>
          </>
        ) : (
          !onSignPage && (
            // Back to the page it was pressed on, as on the forums bakers know; from the landing
            // page, whose offer is to join, on to the feed like its own sign-in link (decision 19).
            <Link
              to="/signIn"
              state={location.pathname === '/' ? undefined : originOf(location)}
              className={buttonClass('primary', 'sm')}
            >
              Log in
            </Link>
          )
        )}
      </div>
    </header>
  );
}
