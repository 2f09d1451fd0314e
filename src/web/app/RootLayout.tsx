import { Outlet, ScrollRestoration } from 'react-router';
import { Header } from './Header';

/** Every page: the header, then the page. */
export function RootLayout() {
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Header />
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
