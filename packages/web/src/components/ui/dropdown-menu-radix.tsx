import * as Menu from '@radix-ui/react-dropdown-menu';
import type { ReactNode, Ref } from 'react';
import { Link } from 'react-router';
import styles from './dropdown-menu.module.css';

/*
 * The Radix half of dropdown-menu.tsx, in its own chunk: loaded when a menu's trigger is first
 * hovered, focused or pressed, so a screen of menus (the dashboard's cards) does not load it up front.
 */

export interface RadixDropdownMenuProps {
  label: string;
  icon: ReactNode;
  children: ReactNode;
  /** Open at once: the user pressed the stand-in trigger before this chunk arrived. */
  defaultOpen: boolean;
  triggerRef: Ref<HTMLButtonElement>;
}

export function RadixDropdownMenu({ label, icon, children, defaultOpen, triggerRef }: RadixDropdownMenuProps) {
  return (
    <Menu.Root modal={false} defaultOpen={defaultOpen}>
      <Menu.Trigger ref={triggerRef} className={styles.trigger} aria-label={label}>
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

export function RadixDropdownMenuItem({ onSelect, danger, children }: { onSelect: () => void; danger: boolean; children: ReactNode }) {
  return (
    <Menu.Item className={`${styles.item} ${danger ? styles.danger : ''}`} onSelect={onSelect}>
      {children}
    </Menu.Item>
  );
}

export function RadixDropdownMenuLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Menu.Item className={styles.item} asChild>
      <Link to={to}>{children}</Link>
    </Menu.Item>
  );
}

export function RadixDropdownMenuSeparator() {
  return <Menu.Separator className={styles.separator} />;
}
