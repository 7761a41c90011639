import { randomUUID } from 'node:crypto';
import { workerChannel } from './ipc.js';
import { createRedisClient } from './redis.js';

/**
 * A channel on which the instances of a cluster say that something each of them keeps changed (the
 * authorization subsystem's, the record caches'): one Redis channel, or one kind of message the
 * node:cluster primary relays.
 */
export interface WatchedChannel {
  /** The Redis channel, and the name of the workers' relayed message (cluster/ipc.ts). */
  readonly name: string;
  /** What the logs call this watcher ("authorization"). */
  readonly subject: string;
  /** What this instance does while it hears no one, for the logs ("enforcers are rebuilt on every request"). */
  readonly whileDeaf: string;
}

/** Tells the other instances of a cluster that something changed on a channel, and hears them. */
export interface Watcher {
  /** Says that this instance changed something. */
  publish(): void;
  /**
   * Whether this instance hears the others now. While it does not (Redis lost), a change made
   * elsewhere could go unheard: the caller must not trust what it kept before (never open
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
 * A watcher over Redis pub/sub (any REDIS_URL form of cluster/redis.ts) on `channel`: every
 * instance subscribes to it; a change on one instance is published and the others drop what they
 * keep (`onRemoteChange`). While the subscription is down `hearing()` is false, and coming back
 * drops it too, since messages sent meanwhile were missed.
 */
export async function redisWatcher(
  url: string,
  channel: WatchedChannel,
  onRemoteChange: () => void,
  log: WatcherLog,
): Promise<Watcher> {
  const self = randomUUID();
  const { name, subject, whileDeaf } = channel;
  const [publisher, subscriber] = await Promise.all([
    createRedisClient(url, { maxRetriesPerRequest: 2 }),
    createRedisClient(url),
  ]);
  // One warning per outage and connection, not one per reconnection attempt.
  for (const client of [publisher, subscriber]) {
    let told = false;
    client.on('error', (err: Error) => {
      if (!told) log.warn({ err }, `${subject} watcher: Redis error (told once until it is back)`);
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
      log.warn({ err }, `${subject} watcher: Redis cannot be reached; ${whileDeaf} until it is`);
      return false;
    },
  );
  subscriber.on('message', (received: string, message: string) => {
    if (received === name && message !== self) onRemoteChange();
  });
  let subscribed = false;
  subscriber.on('close', () => {
    if (subscribed) log.warn({}, `${subject} watcher: Redis connection lost; ${whileDeaf} until it is back`);
    subscribed = false;
  });
  // ioredis subscribes again on reconnecting, after `ready`: this subscription's answer comes after
  // its own, so from then on every message is heard; what was sent meanwhile is dropped with the enforcers.
  subscriber.on('ready', () => {
    if (subscribed) return;
    subscriber.subscribe(name).then(
      () => {
        onRemoteChange();
        subscribed = true;
        log.info({ channel: name }, `${subject} watcher: Redis is back; hearing the other instances again`);
      },
      (err: unknown) => log.warn({ err }, `${subject} watcher: subscribe failed`),
    );
  });
  if (reached) {
    await subscriber.subscribe(name);
    subscribed = true;
  }
  return {
    publish: () => {
      publisher.publish(name, self).catch((err: unknown) => log.warn({ err }, `${subject} watcher: publish failed`));
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
export function workerWatcher(channel: WatchedChannel, onRemoteChange: () => void): Watcher | undefined {
  const relay = workerChannel(channel.name, onRemoteChange);
  if (!relay) return undefined;
  return { publish: () => relay.publish(), hearing: () => relay.connected(), close: async () => relay.close() };
}

/**
 * The watcher of `channel`: over Redis with REDIS_URL (`redisUrl`), else over the primary's relay
 * for a node:cluster worker, else none (a process on its own has no one to tell).
 */
export async function watchOtherInstances(
  redisUrl: string | undefined,
  channel: WatchedChannel,
  onRemoteChange: () => void,
  log: WatcherLog,
): Promise<Watcher | undefined> {
  return redisUrl ? redisWatcher(redisUrl, channel, onRemoteChange, log) : workerWatcher(channel, onRemoteChange);
}
