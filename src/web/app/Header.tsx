import { lazy, Suspense } from 'react';
import { Link, useLocation } from 'react-router';
import { buttonClass } from '../components/Button';
import { LoafIcon } from '../components/icons';
import { useSession } from '../lib/auth-store';
import { originOf } from '../lib/navigation';
import styles from './Header.module.css';
import { useLogout } from './use-logout';

const AvatarMenu = lazy(() => import('./AvatarMenu'));

export function Header() {
  const session = useSession();
  const location = useLocation();
  const logout = useLogout();
  const onSignPage = location.pathname.toLowerCase().includes('sign');

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
            <Suspense fallback={null}>
              <AvatarMenu />
            </Suspense>
          </>
        ) : (
          !onSignPage && (
            <Link to="/signIn" state={originOf(location)} className={buttonClass('primary', 'sm')}>
              Log in
            </Link>
          )
        )}
      </div>
    </header>
  );
}
