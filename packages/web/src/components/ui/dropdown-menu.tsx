import { type KeyboardEvent, type PointerEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import styles from './dropdown-menu.module.css';

type Radix = typeof import('./dropdown-menu-radix.tsx');

/*
 * Radix's menu (with floating-ui, ~10 KB gzip) is loaded on first use, not with the screen (issue 15,
 * decision 026): until then the trigger is a plain button that looks and is named the same. Hovering
 * or focusing it starts the load; pressing it (pointer, Enter, Space, ↓, as Radix's trigger does)
 * opens the menu as soon as the chunk is there. The items are rendered only inside the open menu,
 * so by then the chunk is loaded.
 */
let radix: Radix | undefined;
let loading: Promise<Radix> | undefined;
function loadRadix(): Promise<Radix> {
  loading ??= import('./dropdown-menu-radix.tsx').then((module) => {
    radix = module;
    return module;
  });
  return loading;
}

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
  const [module, setModule] = useState<Radix | undefined>(radix);
  const [openOnLoad, setOpenOnLoad] = useState(false);
  const focusOnLoad = useRef(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  useEffect(() => {
    // The stand-in had the focus: the real trigger takes it over (an opening menu focuses itself).
    if (module && focusOnLoad.current && !openOnLoad) trigger.current?.focus();
  }, [module, openOnLoad]);

  if (module) {
    return (
      <module.RadixDropdownMenu label={label} icon={icon} defaultOpen={openOnLoad} triggerRef={trigger}>
        {children}
      </module.RadixDropdownMenu>
    );
  }

  const load = (open: boolean) => {
    if (open) setOpenOnLoad(true);
    void loadRadix().then((loaded) => {
      if (!mounted.current) return;
      focusOnLoad.current = document.activeElement === trigger.current;
      setModule(() => loaded);
    });
  };
  return (
    <button
      ref={trigger}
      type="button"
      className={styles.trigger}
      aria-label={label}
      aria-haspopup="menu"
      aria-expanded={false}
      data-state="closed"
      onPointerEnter={() => load(false)}
      onFocus={() => load(false)}
      onPointerDown={(event: PointerEvent) => {
        if (event.button === 0 && !event.ctrlKey) load(true);
      }}
      onKeyDown={(event: KeyboardEvent) => {
        if (event.key === 'Enter' || event.key === ' ' || event.key === 'ArrowDown') {
          event.preventDefault();
          load(true);
        }
      }}
    >
      {icon}
    </button>
  );
}

/** Rendered only inside the open menu, so the Radix chunk is already loaded. */
function loaded(): Radix {
  if (!radix) throw new Error('dropdown menu items render only inside an open DropdownMenu');
  return radix;
}

export function DropdownMenuItem({ onSelect, danger = false, children }: { onSelect: () => void; danger?: boolean; children: ReactNode }) {
  const { RadixDropdownMenuItem } = loaded();
  return (
    <RadixDropdownMenuItem onSelect={onSelect} danger={danger}>
      {children}
    </RadixDropdownMenuItem>
  );
}

/** A menu entry that navigates: a real link, so it can open in a new tab. */
export function DropdownMenuLink({ to, children }: { to: string; children: ReactNode }) {
  const { RadixDropdownMenuLink } = loaded();
  return <RadixDropdownMenuLink to={to}>{children}</RadixDropdownMenuLink>;
}

export function DropdownMenuSeparator() {
  const { RadixDropdownMenuSeparator } = loaded();
  return <RadixDropdownMenuSeparator />;
}
