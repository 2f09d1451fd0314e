import { useEffect } from 'react';
import { Link } from 'react-router';
import { buttonClass } from '../components/Button';
import styles from './NotFoundPage.module.css';

/** Unknown routes (product decision 19). */
export default function NotFoundPage() {
  useEffect(() => {
    document.title = 'Page not found · Crumb';
  }, []);
  return (
    <main id="main" className={styles.page} tabIndex={-1}>
      <p className={styles.code}>404</p>
      <h1>This page didn’t rise.</h1>
      <p className={styles.text}>We couldn’t find the page you were looking for.</p>
      <Link to="/explore" className={buttonClass('primary')}>
        Go to Explore
      </Link>
    </main>
  );
}
