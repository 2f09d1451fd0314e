import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Avatar } from '../components/Avatar';
import { useSession } from '../lib/auth-store';
import styles from './AvatarMenu.module.css';
import { NAV_ITEMS } from './nav-items';
import { useLogout } from './use-logout';

/**
 * The phone's navigation: every page but the current one, and Logout (spec section 2).
 * `defaultOpen` opens it as it appears, for a press made before its code had arrived.
 */
export default function AvatarMenu({ defaultOpen = false, onShown }: { defaultOpen?: boolean; onShown?: () => void }) {
  const session = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const logout = useLogout();
  const [open, setOpen] = useState(defaultOpen);
  useEffect(() => onShown?.(), [onShown]);
  if (!session) return null;
  const { user } = session;
  return (
    // Not modal: a modal menu hides the rest of the page from screen readers (aria-hidden) while
    // it stays focusable, which axe reports; a menu closes on Tab or a click outside anyway.
    <DropdownMenu.Root modal={false} open={open} onOpenChange={setOpen}>
      <DropdownMenu.Trigger className={styles.trigger} aria-label={`Menu for @${user.username}`}>
        <Avatar name={user.firstName || user.username} size="sm" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          className={styles.content}
          align="end"
          sideOffset={6}
          onKeyDown={(event) => {
            // Tab leaves the menu, as in any menu button (the menu would otherwise keep focus):
            // it closes, and focus goes back to its button.
            if (event.key !== 'Tab') return;
            event.preventDefault();
            setOpen(false);
          }}
        >
          {NAV_ITEMS.filter((item) => item.to !== location.pathname).map((item) => (
            <DropdownMenu.Item key={item.to} className={styles.item} onSelect={() => void navigate(item.to)}>
              {item.label}
            </DropdownMenu.Item>
          ))}
          <DropdownMenu.Separator className={styles.separator} />
          <DropdownMenu.Item className={styles.item} onSelect={logout}>
            Logout
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
