import { createContext, useContext } from 'react';

/** Opens the New Post dialog from the navigation, the floating button or an empty feed. */
export const NewPostContext = createContext<() => void>(() => {});

export function useOpenNewPost() {
  return useContext(NewPostContext);
}
