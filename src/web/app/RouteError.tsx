import { Link } from 'react-router';
import { StateMessage } from '../components/StateMessage';

/** Shown when a page's code fails to load (for example after a new release) or a page throws. */
export function RouteError() {
  return (
    <main style={{ maxWidth: '40rem', margin: '4rem auto', padding: '0 1rem' }}>
      <StateMessage tone="error">
        Some error occurred. Try reloading! <Link to="/explore">Go to Explore</Link>
      </StateMessage>
    </main>
  );
}
