import { useEffect, useSyncExternalStore } from 'react';
import { TONE_ICONS } from './feedback';
import { Icon } from './icon';
import './toast.css';

/**
 * Short notices at the top of the page (antd's message): each shows for three seconds, announced
 * as an alert. Each entry renders one <ToastHost/>; anything may call toast(). A page that goes on
 * to the other entry (the sign-in pages and the console are two applications: signing in loads the
 * console, signing out the sign-in page) carries the notices on screen with it.
 */
interface Notice {
  id: number;
  type: 'success' | 'error';
  text: string;
}

let notices: Notice[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const changed = () => {
  for (const listener of listeners) listener();
};

export function toast(type: Notice['type'], text: string, seconds = 3) {
  const id = nextId++;
  notices = [...notices, { id, type, text }];
  changed();
  setTimeout(() => {
    notices = notices.filter((notice) => notice.id !== id);
    changed();
  }, seconds * 1000);
}

/** sessionStorage key of the notices carried to the next page. */
const CARRIED_KEY = 'gatehouse:notices';

/** Keeps the notices on screen for the page that loads next (called right before leaving). */
export function carryNotices() {
  if (notices.length > 0) sessionStorage.setItem(CARRIED_KEY, JSON.stringify(notices.map(({ type, text }) => ({ type, text }))));
}

function takeCarried(): Pick<Notice, 'type' | 'text'>[] {
  const raw = sessionStorage.getItem(CARRIED_KEY);
  if (!raw) return [];
  sessionStorage.removeItem(CARRIED_KEY);
  try {
    const value: unknown = JSON.parse(raw);
    if (!Array.isArray(value)) return [];
    return value.flatMap((item: unknown) => {
      if (!item || typeof item !== 'object') return [];
      const type = Reflect.get(item, 'type');
      const text = Reflect.get(item, 'text');
      return (type === 'success' || type === 'error') && typeof text === 'string' ? [{ type, text }] : [];
    });
  } catch {
    return [];
  }
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export function ToastHost() {
  const shown = useSyncExternalStore(subscribe, () => notices);
  useEffect(() => {
    for (const carried of takeCarried()) toast(carried.type, carried.text);
  }, []);
  if (shown.length === 0) return null;
  return (
    <div className="gh-toasts gh-scope">
      {shown.map((notice) => (
        <div key={notice.id} role="alert" className={`gh-toast gh-toast-${notice.type}`}>
          <Icon icon={TONE_ICONS[notice.type]} />
          <span>{notice.text}</span>
        </div>
      ))}
    </div>
  );
}
