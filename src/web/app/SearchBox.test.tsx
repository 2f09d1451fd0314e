import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LocationProbe, renderWithProviders } from '../testing/render';
import { SearchBox } from './SearchBox';

const DEBOUNCE_SETTLED_MS = 400;

const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, DEBOUNCE_SETTLED_MS)));

function renderSearchBox(route: string) {
  renderWithProviders(
    <>
      <SearchBox />
      <LocationProbe />
    </>,
    { route },
  );
  return screen.getByRole('searchbox', { name: 'Search posts' });
}

describe('SearchBox', () => {
  it('on a list page, writes the settled text into ?q=', async () => {
    const search = renderSearchBox('/explore');
    fireEvent.change(search, { target: { value: 'couche' } });
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/explore$/);
    await settle();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/explore\?q=couche$/);
  });

  it('elsewhere, Enter right after typing searches Explore, and the search stays in the URL', async () => {
    const search = renderSearchBox('/question/7');
    fireEvent.change(search, { target: { value: 'couche' } });
    fireEvent.submit(screen.getByRole('search'));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/explore\?q=couche$/);
    await settle();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/explore\?q=couche$/);
    expect(search).toHaveValue('couche');
  });

  it('elsewhere, typing alone does not navigate', async () => {
    const search = renderSearchBox('/question/7');
    fireEvent.change(search, { target: { value: 'couche' } });
    await settle();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/question\/7$/);
  });
});
