import { randomUUID } from 'node:crypto';

// The one module state of the server's code (docs/subsystems/domain.md, "The services"): the last
// millisecond and the counter within it belong to this process's clock, not to a server. Every id
// made here sorts after the ones made before it, whichever server of the process makes it, which is
// what each server needs of its own ids; a counter per server would order no id better.
let lastMs = 0;
let sequence = 0;

/**
 * A UUID of version 7: the time in milliseconds, then a counter, then random bits. Names made this
 * way sort in the order they were made (within a millisecond too), so the indexes that end with
 * the name grow at their end instead of at a random place: a webhook delivery's (they list in
 * order), an issued token's and an audit record's (each insert then writes the same few index
 * pages, not a page of every index at random: docs/performance.md).
 */
export function timeOrderedId(now = Date.now()): string {
  sequence = now === lastMs ? (sequence + 1) & 0xfff : 0;
  lastMs = now;
  const time = now.toString(16).padStart(12, '0');
  // The variant and 62 random bits: a version 4 UUID's last two groups are exactly those (and
  // randomUUID draws from a pool, a tenth of the time of randomBytes(8)).
  const random = randomUUID().slice(19);
  return `${time.slice(0, 8)}-${time.slice(8)}-7${sequence.toString(16).padStart(3, '0')}-${random}`;
}
