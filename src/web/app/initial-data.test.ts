import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { INITIAL_DATA_ELEMENT_ID } from '../../shared/web-routes';
import { questionKeys } from '../features/questions/api/query-keys';
import { exploreParams } from '../features/questions/list-params';
import { authStore } from '../lib/auth-store';
import { makeQuestion, makeUser } from '../testing/fixtures';
import { seedInitialData } from './initial-data';

const page = { questions: [makeQuestion({ questionTitle: '</script> is just text' })], nextCursor: 'c2' };
const exploreKey = questionKeys.list('explore', exploreParams(new URLSearchParams()));

function serve(path: string, data: unknown) {
  window.history.replaceState(null, '', path);
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = INITIAL_DATA_ELEMENT_ID;
  element.textContent = JSON.stringify(data);
  document.body.append(element);
}

afterEach(() => window.history.replaceState(null, '', '/'));

describe('data sent with the page', () => {
  it("fills Explore's first page for a visitor and removes the element", () => {
    serve('/explore', { explore: page });
    const client = new QueryClient();
    seedInitialData(client);
    expect(client.getQueryData(exploreKey)).toEqual({ pages: [page], pageParams: [undefined] });
    expect(document.getElementById(INITIAL_DATA_ELEMENT_ID)).toBeNull();
  });

  it('is not used for a signed-in baker, whose votes and bookmarks differ', () => {
    authStore.signIn('token', makeUser());
    serve('/explore', { explore: page });
    const client = new QueryClient();
    seedInitialData(client);
    expect(client.getQueryData(exploreKey)).toBeUndefined();
  });

  it('is ignored when the address asks for another list, or when it is not valid JSON', () => {
    serve('/explore?chip=trending', { explore: page });
    const client = new QueryClient();
    seedInitialData(client);
    expect(client.getQueryData(exploreKey)).toBeUndefined();

    serve('/explore', 'unused');
    document.getElementById(INITIAL_DATA_ELEMENT_ID)!.textContent = '{not json';
    seedInitialData(client);
    expect(client.getQueryData(exploreKey)).toBeUndefined();
  });
});
