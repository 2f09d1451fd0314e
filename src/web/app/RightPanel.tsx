import { useLocation } from 'react-router';
import { SearchBox } from './SearchBox';
import styles from './RightPanel.module.css';
import { SuggestedUsers } from '../features/users/components/SuggestedUsers';

/** The right panel: 'Search posts' (not on /profile) and 'You may also know'. */
export function RightPanel() {
  const { pathname } = useLocation();
  return (
    <aside className={styles.panel} aria-label="Search and suggestions">
      {pathname !== '/profile' && (
        <div className={styles.search}>
          <SearchBox />
        </div>
      )}
      <div className={styles.suggestions}>
        <SuggestedUsers />
      </div>
    </aside>
  );
}
