import { describe, expect, it } from 'vitest';
import { destinationAfterSignIn, originOf } from './navigation';

describe('after sign-in', () => {
  it('returns to the remembered page with its query and hash', () => {
    const state = originOf({ pathname: '/question/7', search: '?x=1', hash: '#answers' });
    expect(destinationAfterSignIn(state)).toBe('/question/7?x=1#answers');
  });

  it('goes to /feed without an origin, or when the origin is a sign-in page', () => {
    expect(destinationAfterSignIn(null)).toBe('/feed');
    expect(destinationAfterSignIn({})).toBe('/feed');
    expect(destinationAfterSignIn(originOf({ pathname: '/signUp', search: '', hash: '' }))).toBe('/feed');
  });
});
