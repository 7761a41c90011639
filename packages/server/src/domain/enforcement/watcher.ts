import { randomUUID } from 'node:crypto';
import { workerChannel } from '../../cluster/ipc.js';
import { createRedisClient } from '../../cluster/redis.js';

/** The channel on which instances say that authorization data changed. */
export const AUTHZ_CHANNEL = 'gatehouse:authz-changed';

/** Tells the other instances of a cluster that authorization data changed, and hears them. */
export interface AuthzWatcher {
  /** Says that this instance changed something. */
  publish(): void;
  /**
   * Whether this instance hears the others now. While it does not (Redis lost), a change made
   * elsewhere could go unheard: the caller must not trust what it compiled before (never open
   * access on a Redis outage).
   */
  hearing(): boolean;
  close(): Promise<void>;
}

export interface WatcherLog {
  warn(fields: object, message: string): void;
  info(fields: object, message: string): void;
}

/**
 * A watcher over Redis pub/sub (any REDIS_URL form of cluster/redis.ts) on `channel` (the
 * authorization channel unless another is given, e.g. the record caches'): every instance subscribes
 * to it; a change on one instance is published and the others drop their compiled
 * enforcers (`onRemoteChange`). While the subscription is down `hearing()` is false, and coming back
 * drops them too, since messages sent meanwhile were missed.
 */
export async function redisWatcher(
  url: string,
  onRemoteChange: () => void,
  log: WatcherLog,
  channel = AUTHZ_CHANNEL,
): Promise<AuthzWatcher> {
  const self = randomUUID();
  const [publisher, subscriber] = await Promise.all([
    createRedisClient(url, { maxRetriesPerRequest: 2 }),
    createRedisClient(url),
  ]);
  // One warning per outage and connection, not one per reconnection attempt.
  for (const client of [publisher, subscriber]) {
    let told = false;
    client.on('error', (err: Error) => {
      if (!told) log.warn({ err }, 'authorization watcher: Redis error (told once until it is back)');
      told = true;
    });
    client.on('ready', () => {
      told = false;
    });
  }
  // Redis out of reach at the start: this instance starts deaf (as if Redis had just been lost) and
  // hears the others once ioredis has reconnected, rather than refusing to start.
  const reached = await Promise.all([publisher.connect(), subscriber.connect()]).then(
    () => true,
    (err: unknown) => {
      log.warn({ err }, 'authorization watcher: Redis cannot be reached; enforcers are rebuilt on every request until it is');
      return false;
    },
  );
  subscriber.on('message', (received: string, message: string) => {
    if (received === channel && message !== self) onRemoteChange();
  });
  let subscribed = false;
  subscriber.on('close', () => {
    if (subscribed)
      log.warn({}, 'authorization watcher: Redis connection lost; enforcers are rebuilt on every request until it is back');
    subscribed = false;
  });
  // ioredis subscribes again on reconnecting, after `ready`: this subscription's answer comes after
  // its own, so from then on every message is heard; what was sent meanwhile is dropped with the enforcers.
  subscriber.on('ready', () => {
    if (subscribed) return;
    subscriber.subscribe(channel).then(
      () => {
        onRemoteChange();
        subscribed = true;
        log.info({ channel }, 'authorization watcher: Redis is back; hearing the other instances again');
      },
      (err: unknown) => log.warn({ err }, 'authorization watcher: subscribe failed'),
    );
  });
  if (reached) {
    await subscriber.subscribe(channel);
    subscribed = true;
  }
  return {
    publish: () => {
      publisher.publish(channel, self).catch((err: unknown) => log.warn({ err }, 'authorization watcher: publish failed'));
    },
    hearing: () => subscribed && subscriber.status === 'ready',
    close: async () => {
      subscribed = false;
      subscriber.disconnect();
      publisher.disconnect();
    },
  };
}

/**
 * Without Redis, the workers of one node:cluster primary (WORKERS=N) tell each other over the
 * primary's IPC channel, which relays each message to the other workers (cluster/ipc.ts).
 */
export function workerWatcher(onRemoteChange: () => void, name = AUTHZ_CHANNEL): AuthzWatcher | undefined {
  const channel = workerChannel(name, onRemoteChange);
  if (!channel) return undefined;
  return { publish: () => channel.publish(), hearing: () => channel.connected(), close: async () => channel.close() };
}
