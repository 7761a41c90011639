import { role as roleDef, user as userDef } from '@gatehouse/entities';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../test-support/suite.js';
import { organizations } from './organization.js';
import { roles } from './role.js';
import { inTransaction } from './transaction.js';
import { users } from './user.js';
import type { Write, Written } from './writes.js';

/**
 * The written event (domain/writes.ts): the domain reports each write in its transaction, and
 * every subscriber hears one event per committed transaction, after the commit, with all its
 * writes (renames followed into other records included); a transaction that rolls back is heard of
 * by no one, and a subscriber that fails fails neither the write nor the other subscribers.
 */
describeEachDatabase('the written event', (server) => {
  const ORG = 'writes-org';

  /** Runs `work` while recording the events heard. */
  async function hearing(work: () => Promise<unknown>): Promise<{ events: Written[]; error: unknown }> {
    const events: Written[] = [];
    const stop = server().ctx.services.writes.subscribe((event) => events.push(event));
    let error: unknown;
    try {
      await work();
    } catch (caught) {
      error = caught;
    } finally {
      stop();
    }
    return { events, error };
  }

  beforeAll(async () => {
    await organizations.create(server().ctx, 'system', { owner: 'admin', name: ORG });
  });

  it('delivers one event per committed transaction, after the commit, with every write of it', async () => {
    const ctx = server().ctx;
    const readable: Promise<unknown>[] = [];
    const stop = ctx.services.writes.subscribe(() => {
      // Heard after the commit: another connection reads what the transaction wrote.
      readable.push(ctx.repo(roleDef).get(ORG, 'r1'));
    });
    const { events } = await hearing(() =>
      inTransaction(ctx, undefined, async (trx) => {
        await users.create(ctx, 'system', { owner: ORG, name: 'ann' }, { trx });
        await roles.create(ctx, 'system', { owner: ORG, name: 'r1', users: [`${ORG}/ann`] }, { trx });
      }),
    );
    stop();
    expect(events).toHaveLength(1);
    expect(events[0]?.writes).toEqual([
      expect.objectContaining({ entity: 'user', kind: 'create', id: `${ORG}/ann` }),
      expect.objectContaining({ entity: 'role', kind: 'create', id: `${ORG}/r1` }),
    ]);
    expect(await Promise.all(readable)).toEqual([expect.objectContaining({ name: 'r1' })]);
  });

  it('delivers nothing for a transaction that rolled back', async () => {
    const ctx = server().ctx;
    const { events, error } = await hearing(() =>
      inTransaction(ctx, undefined, async (trx) => {
        await users.create(ctx, 'system', { owner: ORG, name: 'gone' }, { trx });
        throw new Error('rolled back');
      }),
    );
    expect(error).toMatchObject({ message: 'rolled back' });
    expect(events).toEqual([]);
    expect(await ctx.repo(userDef).get(ORG, 'gone')).toBeUndefined();
  });

  it('reports a rename with both ids, and the records that follow it in the same event', async () => {
    const ctx = server().ctx;
    const { events } = await hearing(() => users.update(ctx, 'system', { owner: ORG, name: 'ann' }, { name: 'anna' }));
    expect(events).toHaveLength(1);
    const writes: readonly Write[] = events[0]?.writes ?? [];
    expect(writes).toContainEqual(
      expect.objectContaining({ entity: 'user', kind: 'rename', id: `${ORG}/anna`, before: `${ORG}/ann` }),
    );
    // The role naming the user follows the rename (references.ts): an update of its users.
    expect(writes).toContainEqual({ entity: 'role', kind: 'update', id: `${ORG}/r1`, fields: ['users'] });
  });

  it('reports the fields an update changed, and a save that changed none', async () => {
    const ctx = server().ctx;
    const changed = await hearing(() => users.update(ctx, 'system', { owner: ORG, name: 'anna' }, { displayName: 'Anna' }));
    expect(changed.events.flatMap((event) => event.writes)).toEqual([
      { entity: 'user', kind: 'update', id: `${ORG}/anna`, fields: expect.arrayContaining(['displayName']) },
    ]);
    const same = await hearing(() => roles.update(ctx, 'system', { owner: ORG, name: 'r1' }, {}));
    expect(same.events.flatMap((event) => event.writes)).toEqual([
      { entity: 'role', kind: 'update', id: `${ORG}/r1`, fields: [] },
    ]);
  });

  it('keeps a failing subscriber to itself: the write stands and the others hear it', async () => {
    const ctx = server().ctx;
    const stop = ctx.services.writes.subscribe(() => {
      throw new Error('a broken subscriber');
    });
    try {
      const { events, error } = await hearing(() => roles.remove(ctx, 'system', { owner: ORG, name: 'r1' }));
      expect(error).toBeUndefined();
      expect(events.flatMap((event) => event.writes)).toEqual([{ entity: 'role', kind: 'delete', id: `${ORG}/r1` }]);
      expect(await ctx.repo(roleDef).get(ORG, 'r1')).toBeUndefined();
    } finally {
      stop();
    }
  });
});
