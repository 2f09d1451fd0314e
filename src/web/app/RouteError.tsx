import { Link } from 'react-router';
import { StateMessage } from '../components/StateMessage';
import styles from './StandaloneMain.module.css';

/** Shown when a page or its data loader throws (a page whose code fails to download gets its own stand-in: see router.tsx). */
export function RouteError() {
  return (
    <main className={styles.main}>
      <StateMessage tone="error">
        Some error occurred. Try reloading! <Link to="/explore">Go to Explore</Link>
      </StateMessage>
    </main>
  );
}
