import { useSyncExternalStore } from 'react';

/**
 * A console setting kept in localStorage (the selected organization, the theme ...): it survives
 * reloads, every component reading it re-renders when it changes, here or in another tab.
 */
export interface LocalSetting<T> {
  read: () => T;
  write: (text: string) => void;
  use: () => T;
}

/** `parse` turns the stored text (null when unset) into the value; it runs only when the text changes. */
export function localSetting<T>(key: string, parse: (text: string | null) => T): LocalSetting<T> {
  const event = `gatehouse:${key}-change`;
  // useSyncExternalStore needs a stable snapshot: parse again only when the stored text changes.
  let cachedText: string | null | undefined;
  let cachedValue: T;
  const read = () => {
    const text = localStorage.getItem(key);
    if (text !== cachedText) {
      cachedText = text;
      cachedValue = parse(text);
    }
    return cachedValue;
  };
  const subscribe = (onChange: () => void) => {
    window.addEventListener(event, onChange);
    window.addEventListener('storage', onChange);
    return () => {
      window.removeEventListener(event, onChange);
      window.removeEventListener('storage', onChange);
    };
  };
  return {
    read,
    write: (text) => {
      localStorage.setItem(key, text);
      window.dispatchEvent(new Event(event));
    },
    use: () => useSyncExternalStore(subscribe, read),
  };
}
