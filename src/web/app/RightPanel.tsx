import { SearchBox } from './SearchBox';
import styles from './RightPanel.module.css';
import { SuggestedUsers } from '../features/users/components/SuggestedUsers';

/**
 * The right panel: 'Search posts' (when `search`: not on /profile, and only while the panel sits
 * beside the posts) and 'You may also know'.
 */
export function RightPanel({ search }: { search: boolean }) {
  return (
    <aside className={styles.panel} aria-label={search ? 'Search and suggestions' : 'Suggestions'}>
      {search && (
        <div>
          <SearchBox />
        </div>
      )}
      <div className={styles.suggestions}>
        <SuggestedUsers />
      </div>
    </aside>
  );
}
