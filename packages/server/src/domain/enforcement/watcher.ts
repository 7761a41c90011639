import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';

/** The channel on which instances say that authorization data changed. */
export const AUTHZ_CHANNEL = 'gatehouse:authz-changed';

/** Tells the other instances of a cluster that authorization data changed, and hears them. */
export interface AuthzWatcher {
  /** Says that this instance changed something. */
  publish(): void;
  close(): Promise<void>;
}

export interface WatcherLog {
  warn(fields: object, message: string): void;
}

/**
 * A watcher over Redis pub/sub (the authorization channel unless another is given, e.g. the record
 * caches'): every instance subscribes to one channel; a change on one
 * instance is published and the others drop their compiled enforcers (`onRemoteChange`). A lost
 * connection also drops them on reconnecting, since messages sent meanwhile were missed.
 */
export async function redisWatcher(
  url: string,
  onRemoteChange: () => void,
  log: WatcherLog,
  channel = AUTHZ_CHANNEL,
): Promise<AuthzWatcher> {
  const self = randomUUID();
  const publisher = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2 });
  const subscriber = new Redis(url, { lazyConnect: true });
  for (const client of [publisher, subscriber])
    client.on('error', (err: Error) => log.warn({ err }, 'authorization watcher: Redis error'));
  await Promise.all([publisher.connect(), subscriber.connect()]);
  subscriber.on('message', (received: string, message: string) => {
    if (received === channel && message !== self) onRemoteChange();
  });
  let connectedOnce = false;
  subscriber.on('ready', () => {
    if (connectedOnce) onRemoteChange();
    connectedOnce = true;
  });
  await subscriber.subscribe(channel);
  connectedOnce = true;
  return {
    publish: () => {
      publisher.publish(channel, self).catch((err: unknown) => log.warn({ err }, 'authorization watcher: publish failed'));
    },
    close: async () => {
      subscriber.disconnect();
      publisher.disconnect();
    },
  };
}
