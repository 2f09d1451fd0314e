import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { authStore } from '../lib/auth-store';

// jsdom lacks these browser APIs; Radix popovers and scrolling list options call them.
if (!('ResizeObserver' in globalThis)) {
  globalThis.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
Element.prototype.scrollIntoView ??= function scrollIntoView() {};
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.releasePointerCapture ??= () => {};

// Each test starts signed out, with fetch and other stubbed globals restored.
afterEach(() => {
  cleanup();
  authStore.signOut();
  localStorage.clear();
  vi.unstubAllGlobals();
});
