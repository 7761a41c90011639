import cluster from 'node:cluster';

/**
 * Messages between the workers of one node:cluster primary (WORKERS=N, cluster/workers.ts), for
 * when there is no Redis: a worker sends `{gatehouseRelay: channel}` to the primary, which relays
 * it to every other worker (relayToOtherWorkers). Only what fits a process of one machine goes this
 * way: cache invalidations. Several machines need REDIS_URL.
 */
export interface RelayMessage {
  gatehouseRelay: string;
}

export function isRelayMessage(message: unknown): message is RelayMessage {
  return (
    typeof message === 'object' && message !== null && 'gatehouseRelay' in message && typeof message.gatehouseRelay === 'string'
  );
}

export interface WorkerChannel {
  publish(): void;
  /** Whether the primary still relays (the IPC channel is open). */
  connected(): boolean;
  close(): void;
}

/** A channel to the other workers, or undefined when this process is not a cluster worker. */
export function workerChannel(name: string, onMessage: () => void): WorkerChannel | undefined {
  if (!cluster.isWorker || !process.send) return undefined;
  const listener = (message: unknown) => {
    if (isRelayMessage(message) && message.gatehouseRelay === name) onMessage();
  };
  process.on('message', listener);
  return {
    publish: () => {
      if (process.connected) process.send?.({ gatehouseRelay: name } satisfies RelayMessage);
    },
    connected: () => process.connected,
    close: () => {
      process.off('message', listener);
    },
  };
}
