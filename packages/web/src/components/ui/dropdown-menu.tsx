import * as Menu from '@radix-ui/react-dropdown-menu';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import styles from './dropdown-menu.module.css';

export interface DropdownMenuProps {
  /** The accessible name of the trigger button (it shows only an icon). */
  label: string;
  icon: ReactNode;
  children: ReactNode;
}

/**
 * A menu of actions behind an icon button (Radix: arrow keys, typeahead, Escape). Not modal, so an
 * item may open a dialog without the two fighting over focus and pointer events.
 */
export function DropdownMenu({ label, icon, children }: DropdownMenuProps) {
  return (
    <Menu.Root modal={false}>
      <Menu.Trigger className={styles.trigger} aria-label={label}>
        {icon}
      </Menu.Trigger>
      <Menu.Portal>
        <Menu.Content className={styles.content} align="end" sideOffset={4} collisionPadding={8}>
          {children}
        </Menu.Content>
      </Menu.Portal>
    </Menu.Root>
  );
}

export function DropdownMenuItem({ onSelect, danger = false, children }: { onSelect: () => void; danger?: boolean; children: ReactNode }) {
  return (
    <Menu.Item className={`${styles.item} ${danger ? styles.danger : ''}`} onSelect={onSelect}>
      {children}
    </Menu.Item>
  );
}

/** A menu entry that navigates: a real link, so it can open in a new tab. */
export function DropdownMenuLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Menu.Item className={styles.item} asChild>
      <Link to={to}>{children}</Link>
    </Menu.Item>
  );
}

export function DropdownMenuSeparator() {
  return <Menu.Separator className={styles.separator} />;
}
