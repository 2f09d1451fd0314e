import { act } from '@testing-library/react';
import type { UserJson } from '../../shared/api-types';

/** Another tab signs out, or in as `user`: this tab hears of it through the storage event. */
export function otherTabSignsIn(user: UserJson | null) {
  if (user) {
    localStorage.setItem('token', `token-of-${user.username}`);
    localStorage.setItem('user', JSON.stringify(user));
  } else {
    localStorage.removeItem('token');
    localStorage.removeItem('user');
  }
  act(() => window.dispatchEvent(new StorageEvent('storage', { key: 'user' })));
}
