import type { QueryClient } from '@tanstack/react-query';
import { INITIAL_DATA_ELEMENT_ID, type InitialData } from '../../shared/web-routes';
import { questionKeys } from '../features/questions/api/query-keys';
import { exploreParams } from '../features/questions/list-params';
import { authStore } from '../lib/auth-store';

/**
 * Puts the data the server sent with the page into the query cache, so the first screen shows
 * without waiting for its call. The server sends what a visitor sees; a signed-in baker's view
 * differs (votes, bookmarks), so theirs is always asked for.
 */
export function seedInitialData(client: QueryClient) {
  const element = document.getElementById(INITIAL_DATA_ELEMENT_ID);
  if (!element?.textContent) return;
  element.remove();
  if (authStore.getSession()) return;
  let data: InitialData;
  try {
    data = JSON.parse(element.textContent) as InitialData;
  } catch {
    return;
  }
  if (data.explore && window.location.pathname === '/explore' && window.location.search === '') {
    client.setQueryData(questionKeys.list('explore', exploreParams(new URLSearchParams())), {
      pages: [data.explore],
      pageParams: [undefined],
    });
  }
}
