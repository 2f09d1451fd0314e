import { useEffect } from 'react';
import { Link } from 'react-router';
import heroUrl from '../assets/hero.svg';
import { buttonClass } from '../components/Button';
import { useSession } from '../lib/auth-store';
import styles from './LandingPage.module.css';

/** Landing: headline, tagline and hero image; JOIN NOW or EXPLORE NOW (spec section 2). */
export default function LandingPage() {
  const session = useSession();
  useEffect(() => {
    document.title = 'Crumb · bakers helping bakers';
  }, []);
  return (
    <main id="main" className={styles.landing} tabIndex={-1}>
      <div>
        <p className={styles.kicker}>Crumb · the bakers’ forum</p>
        <h1 className={styles.headline}>Bake better, together.</h1>
        <p className={styles.tagline}>
          Connect with bakers around the world and take your baking skills and business to the next level.
        </p>
        <div className={styles.actions}>
          {session ? (
            <Link to="/explore" className={buttonClass('primary')}>
              EXPLORE NOW
            </Link>
          ) : (
            <>
              <Link to="/signUp" className={buttonClass('primary')}>
                JOIN NOW
              </Link>
              <Link to="/signIn" className={styles.signIn}>
                Already have an account?
              </Link>
            </>
          )}
        </div>
      </div>
      <img
        className={styles.hero}
        src={heroUrl}
        alt="A fresh loaf, a croissant and a cookie on a wooden board"
        width="480"
        height="360"
        fetchPriority="high"
      />
    </main>
  );
}
