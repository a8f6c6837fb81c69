import { type ReactNode, type RefObject, useEffect, useLayoutEffect, useRef, useState } from 'react';
import styles from './dropdown-menu.module.css';

type Radix = typeof import('./dropdown-menu-radix.tsx');

/*
 * Radix's menu (with floating-ui, about 14 KB gzip, and the Radix parts it shares with the dialog)
 * loads on first use, not with the screen (issue 15, decision 029). Until then the trigger is a plain
 * button that looks and is named the same. Hovering or focusing it starts the load; pressing it
 * (pointer, Enter, Space, ↓, as Radix's trigger does) opens the menu once the chunk is there: a
 * press opens it as a press on Radix's trigger would, a key is passed on to Radix's trigger.
 *
 * The stand-in is swapped for Radix's trigger (a new element) only between presses: swapping during a
 * press would let the press's pointerup and click land on the new trigger, and a second press there
 * would toggle the just-opened menu shut.
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
  /** The trigger: a dialog opened from an item gives the focus back to it (Modal's returnFocusTo). */
  triggerRef?: RefObject<HTMLButtonElement | null>;
  /** The menu is opening (e.g. to preload what its items open). */
  onOpen?: () => void;
}

const OPEN_KEYS = new Set(['Enter', ' ', 'ArrowDown']);

/**
 * A menu of actions behind an icon button (Radix: arrow keys, typeahead, Escape). Not modal, so an
 * item may open a dialog without the two fighting over focus and pointer events.
 */
export function DropdownMenu({ label, icon, children, triggerRef, onOpen }: DropdownMenuProps) {
  const [module, setModule] = useState<Radix | undefined>(radix);
  // How the stand-in was asked to open: a press (Radix opens on pointerdown) or a key.
  const [opening, setOpening] = useState<{ key: string } | 'pointer' | null>(null);
  const ownTrigger = useRef<HTMLButtonElement>(null);
  const trigger = triggerRef ?? ownTrigger;
  const pressing = useRef(false);
  const hadFocus = useRef(false);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  useLayoutEffect(() => {
    // The stand-in had the focus: the real trigger takes it over in the same commit, so no key is lost.
    if (module && opening !== 'pointer' && (hadFocus.current || opening)) trigger.current?.focus();
  }, [module, opening, trigger]);
  useEffect(() => {
    // A key that asked the stand-in to open goes to Radix's trigger, so the menu opens as from the
    // keyboard (first item focused). After Radix's own effects: its root listens for the keyboard there.
    if (module && opening && opening !== 'pointer') {
      trigger.current?.dispatchEvent(new KeyboardEvent('keydown', { key: opening.key, bubbles: true, cancelable: true }));
    }
  }, [module, opening, trigger]);

  if (module) {
    return (
      <module.RadixDropdownMenu
        label={label}
        icon={icon}
        defaultOpen={opening === 'pointer'}
        triggerRef={trigger}
        onOpenChange={(open) => {
          if (open) onOpen?.();
        }}
      >
        {children}
      </module.RadixDropdownMenu>
    );
  }

  const swap = (loaded: Radix) => {
    if (!mounted.current || pressing.current) return;
    hadFocus.current = document.activeElement === trigger.current;
    setModule(() => loaded);
  };
  const load = () => {
    void loadRadix().then(swap);
  };
  const endPress = () => {
    pressing.current = false;
    // After the press's click has been dispatched to the stand-in.
    setTimeout(() => {
      if (radix) swap(radix);
    }, 0);
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
      onPointerEnter={load}
      onFocus={load}
      onPointerDown={(event) => {
        if (event.button !== 0 || event.ctrlKey) return;
        // As Radix's trigger: the opening menu takes the focus, not the button.
        event.preventDefault();
        pressing.current = true;
        document.addEventListener('pointerup', endPress, { once: true, capture: true });
        document.addEventListener('pointercancel', endPress, { once: true, capture: true });
        setOpening('pointer');
        onOpen?.();
        load();
      }}
      onKeyDown={(event) => {
        if (!OPEN_KEYS.has(event.key)) return;
        event.preventDefault();
        setOpening({ key: event.key });
        onOpen?.();
        load();
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

/** An action; `opensDialog` when it opens a dialog, which then takes the focus from the closing menu. */
export function DropdownMenuItem({
  onSelect,
  danger = false,
  opensDialog = false,
  children,
}: {
  onSelect: () => void;
  danger?: boolean;
  opensDialog?: boolean;
  children: ReactNode;
}) {
  const { RadixDropdownMenuItem } = loaded();
  return (
    <RadixDropdownMenuItem onSelect={onSelect} danger={danger} opensDialog={opensDialog}>
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
