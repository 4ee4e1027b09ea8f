"use client";

import { createContext, type ReactNode, useCallback, useContext, useEffect, useRef, useState } from "react";
import { classNames } from "@/components/ui/class-names";
import { focusRing } from "@/components/ui/focus-ring";
import { CLOSE_ICON_PATH, StrokeIcon } from "@/components/ui/stroke-icon";
import { NOTIFICATION_TIMEOUT_MS } from "@/lib/browser/timing";

export type NotificationKind = "info" | "success" | "error";

export interface NotifyOptions {
  kind?: NotificationKind;
  /** How long it stays, in ms (NOTIFICATION_TIMEOUT_MS by default); null keeps it until dismissed. */
  timeoutMs?: number | null;
}

/** Shows a notification; returns a function that dismisses it early. */
export type Notify = (message: string, options?: NotifyOptions) => () => void;

interface Item {
  id: number;
  message: string;
  kind: NotificationKind;
  timeoutMs: number | null;
}

const NotifyContext = createContext<Notify | null>(null);

/** The notify function of the nearest NotificationsProvider. */
export function useNotify(): Notify {
  const notify = useContext(NotifyContext);
  if (!notify) throw new Error("useNotify() must be used inside <NotificationsProvider>");
  return notify;
}

const KIND_CLASSES: Record<NotificationKind, string> = {
  info: "border-brand bg-brand-light text-brand-dark",
  success: "border-popup bg-green-50 text-green-900",
  error: "border-red-700 bg-red-50 text-red-900",
};

export interface NotificationsProviderProps {
  children: ReactNode;
}

/**
 * Toast-style notifications: a polite live region at the bottom of the viewport, each notice
 * closing by itself after its timeout (paused while hovered or focused, so it can be read and
 * reached) and dismissable by its close button.
 */
export function NotificationsProvider({ children }: NotificationsProviderProps) {
  const [items, setItems] = useState<Item[]>([]);
  const nextId = useRef(1);

  const dismiss = useCallback((id: number) => setItems((list) => list.filter((item) => item.id !== id)), []);
  const notify = useCallback<Notify>(
    (message, options = {}) => {
      const id = nextId.current++;
      const timeoutMs = options.timeoutMs === undefined ? NOTIFICATION_TIMEOUT_MS : options.timeoutMs;
      setItems((list) => [...list, { id, message, kind: options.kind ?? "info", timeoutMs }]);
      return () => dismiss(id);
    },
    [dismiss],
  );

  return (
    <NotifyContext.Provider value={notify}>
      {children}
      <section
        aria-label="Notifications"
        className="pointer-events-none fixed inset-x-0 bottom-0 z-40 flex flex-col items-center gap-2 p-4 sm:items-end"
      >
        <ul aria-live="polite" aria-relevant="additions text" className="flex w-full max-w-sm flex-col gap-2">
          {items.map((item) => (
            <NotificationItem key={item.id} item={item} onDismiss={dismiss} />
          ))}
        </ul>
      </section>
    </NotifyContext.Provider>
  );
}

function NotificationItem({ item, onDismiss }: { item: Item; onDismiss: (id: number) => void }) {
  const { id, timeoutMs } = item;
  const [paused, setPaused] = useState(false);
  const remaining = useRef(timeoutMs);
  const hovered = useRef(false);
  const focused = useRef(false);

  useEffect(() => {
    if (paused || remaining.current === null) return;
    const startedAt = Date.now();
    const timer = setTimeout(() => onDismiss(id), remaining.current);
    return () => {
      clearTimeout(timer);
      if (remaining.current !== null) remaining.current = Math.max(0, remaining.current - (Date.now() - startedAt));
    };
  }, [paused, id, onDismiss]);

  const update = () => setPaused(hovered.current || focused.current);
  const setHovered = (value: boolean) => {
    hovered.current = value;
    update();
  };

  return (
    <li
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => {
        focused.current = true;
        update();
      }}
      onBlur={(e) => {
        if (e.currentTarget.contains(e.relatedTarget as Node | null)) return;
        focused.current = false;
        update();
      }}
      className={classNames(
        "pointer-events-auto flex items-start gap-3 rounded-md border-l-4 px-4 py-3 text-sm shadow-lg",
        KIND_CLASSES[item.kind],
      )}
    >
      <p className="flex-1">{item.message}</p>
      <button
        type="button"
        onClick={() => onDismiss(id)}
        aria-label="Dismiss notification"
        className={classNames("-m-1 rounded p-1 leading-none hover:bg-black/5", focusRing)}
      >
        <StrokeIcon path={CLOSE_ICON_PATH} size={16} />
      </button>
    </li>
  );
}
