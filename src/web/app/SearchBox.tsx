import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { SEARCH_MAX } from '../../shared/constants';
import { SearchIcon } from '../components/icons';
import { limitCharacters } from '../lib/character-limit';
import { useDebouncedValue } from '../lib/use-debounced-value';
import { SEARCH_BOX_ID } from './search-pages';
import styles from './SearchBox.module.css';

const LIST_PAGES = new Set(['/explore', '/feed', '/bookmarks']);
const DEBOUNCE_MS = 300;

/**
 * 'Search posts': on a list page it filters that list, debounced and kept in the URL (?q=) so
 * a search can be shared and Back undoes it; elsewhere Enter searches Explore.
 */
export function SearchBox() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const urlQuery = params.get('q') ?? '';
  const [text, setText] = useState(urlQuery);
  const debounced = useDebouncedValue(text, DEBOUNCE_MS);
  const onListPage = LIST_PAGES.has(pathname);
  const lastWritten = useRef(urlQuery);

  // Back/forward or a link changed ?q=: show it.
  useEffect(() => {
    if (urlQuery !== lastWritten.current) {
      lastWritten.current = urlQuery;
      setText(urlQuery);
    }
  }, [urlQuery]);

  useEffect(() => {
    // Only text that has settled (the debounce caught up with it) is written: arriving on a list
    // page with ?q= from Enter elsewhere must not put back the older text the debounce still holds.
    if (!onListPage || debounced !== text || debounced.trim() === urlQuery.trim()) return;
    lastWritten.current = debounced.trim();
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (debounced.trim()) next.set('q', debounced.trim());
        else next.delete('q');
        return next;
      },
      { replace: urlQuery !== '' && debounced.trim() !== '' },
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced, onListPage]);

  return (
    <form
      role="search"
      className={styles.form}
      onSubmit={(event) => {
        event.preventDefault();
        const q = text.trim();
        if (!onListPage) void navigate(q ? `/explore?q=${encodeURIComponent(q)}` : '/explore');
      }}
    >
      <label htmlFor={SEARCH_BOX_ID} className="visually-hidden">
        Search posts
      </label>
      <SearchIcon className={styles.icon} />
      <input
        id={SEARCH_BOX_ID}
        type="search"
        className={styles.input}
        placeholder="Search posts"
        value={text}
        autoComplete="off"
        onChange={(event) => setText(limitCharacters(text, event.target.value, SEARCH_MAX))}
      />
    </form>
  );
}
