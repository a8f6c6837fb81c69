import * as Menu from '@radix-ui/react-dropdown-menu';
import { createContext, type ReactNode, type RefObject, useContext, useRef } from 'react';
import { Link } from 'react-router';
import styles from './dropdown-menu.module.css';

/*
 * The Radix half of dropdown-menu.tsx, in a chunk of its own (Radix's menu with floating-ui): loaded
 * when a menu's trigger is first hovered, focused or pressed, so a screen of menus (the dashboard's
 * cards) does not load it up front (issue 15, decision 029).
 */

/** Set by an item that opens a dialog: the closing menu then leaves the focus to that dialog. */
const DialogOpening = createContext<RefObject<boolean> | null>(null);

export interface RadixDropdownMenuProps {
  label: string;
  icon: ReactNode;
  children: ReactNode;
  /** Open at once: the stand-in trigger was pressed before this chunk arrived. */
  defaultOpen: boolean;
  triggerRef: RefObject<HTMLButtonElement | null>;
  onOpenChange?: (open: boolean) => void;
}

export function RadixDropdownMenu({ label, icon, children, defaultOpen, triggerRef, onOpenChange }: RadixDropdownMenuProps) {
  const dialogOpening = useRef(false);
  return (
    <Menu.Root modal={false} defaultOpen={defaultOpen} onOpenChange={onOpenChange}>
      <Menu.Trigger ref={triggerRef} className={styles.trigger} aria-label={label}>
        {icon}
      </Menu.Trigger>
      <Menu.Portal>
        <Menu.Content
          className={styles.content}
          align="end"
          sideOffset={4}
          collisionPadding={8}
          onCloseAutoFocus={(event) => {
            // Radix's pattern for a menu item that opens a dialog: the menu does not pull the focus back
            // to its trigger (the dialog, loaded on demand, may mount after that); the dialog takes it and
            // gives it back to the trigger when it closes (Modal's returnFocusTo).
            if (!dialogOpening.current) return;
            dialogOpening.current = false;
            event.preventDefault();
          }}
        >
          <DialogOpening.Provider value={dialogOpening}>{children}</DialogOpening.Provider>
        </Menu.Content>
      </Menu.Portal>
    </Menu.Root>
  );
}

export function RadixDropdownMenuItem({
  onSelect,
  danger,
  opensDialog,
  children,
}: {
  onSelect: () => void;
  danger: boolean;
  opensDialog: boolean;
  children: ReactNode;
}) {
  const dialogOpening = useContext(DialogOpening);
  return (
    <Menu.Item
      className={`${styles.item} ${danger ? styles.danger : ''}`}
      onSelect={() => {
        if (opensDialog && dialogOpening) dialogOpening.current = true;
        onSelect();
      }}
    >
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
