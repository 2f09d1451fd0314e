import { screen } from '@testing-library/react';
import { expect, it } from 'vitest';
import { renderWithProviders } from './render';

it('renders inside the providers and reports the location', () => {
  renderWithProviders(<p>Hello</p>, { route: '/x?y=1', path: '/other' });
  expect(screen.getByTestId('location')).toHaveTextContent('/x?y=1');
});
