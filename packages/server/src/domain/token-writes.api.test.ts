import { ADMIN_OWNER } from '@gatehouse/entities';
import { sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { timeOrderedId } from '../crypto/time-ordered-id.js';
import type { DialectName } from '../db/database.js';
import { signedInAdmin } from '../test-support/accounts.js';
import { createOAuthApplication, postTokenEndpoint } from '../test-support/oidc.js';
import { describeEachDatabase } from '../test-support/suite.js';
import { findToken, tokens } from './token.js';
import type { Written } from './writes.js';

/** Tokens of this scope are refused by a trigger of the test's: a write that fails in the database. */
const REFUSED_SCOPE = 'refused-by-trigger';

/** The trigger, in each engine's language. */
function refusingTrigger(engine: DialectName): string[] {
  if (engine === 'sqlite') {
    return [
      `create trigger token_refused before insert on token when new.scope = '${REFUSED_SCOPE}'
       begin select raise(abort, 'token refused by the test'); end`,
    ];
  }
  if (engine === 'postgres') {
    return [
      `create function token_refused() returns trigger language plpgsql as $$
       begin
         if new.scope = '${REFUSED_SCOPE}' then raise exception 'token refused by the test'; end if;
         return new;
       end $$`,
      'create trigger token_refused before insert on token for each row execute function token_refused()',
    ];
  }
  return [
    `create trigger token_refused before insert on token for each row
     begin
       if new.scope = '${REFUSED_SCOPE}' then signal sqlstate '45000' set message_text = 'token refused by the test'; end if;
     end`,
  ];
}

/**
 * Tokens issued at about the same time are inserted in one transaction (domain/transaction-group.ts,
 * the token domain's `groupCreates`): every caller is answered once its token is committed, and a
 * token the database refuses fails its own call only.
 */
describeEachDatabase('tokens issued together', (server, engine) => {
  let app: Awaited<ReturnType<typeof createOAuthApplication>>;

  beforeAll(async () => {
    const admin = await signedInAdmin(server().url);
    app = await createOAuthApplication(admin, 'grouped-tokens');
    for (const statement of refusingTrigger(engine)) await sql.raw(statement).execute(server().ctx.database.db);
  });

  async function clientCredentials(scope: string) {
    const response = await postTokenEndpoint(server().url, {
      grant_type: 'client_credentials',
      client_id: app.clientId,
      client_secret: app.clientSecret,
      scope,
    });
    const body: { access_token?: string; status?: string; msg?: string } = await response.json();
    // Read at once, by the server's own lookup: an answered token is committed.
    const stored = body.access_token ? await findToken(server().ctx, 'accessTokenHash', body.access_token) : undefined;
    return { status: response.status, body, stored };
  }

  const storedScopes = async (names: string[]) =>
    (await server().ctx.database.db.selectFrom('token').select(['name', 'scope']).where('name', 'in', names).execute())
      .map((row) => row.scope)
      .sort();

  it('stores the token of every one of many calls at once, each found as soon as it is answered', async () => {
    const scopes = Array.from({ length: 40 }, (_, i) => `together-${i}`);
    const answers = await Promise.all(scopes.map(clientCredentials));
    for (const [i, answer] of answers.entries()) {
      expect(answer.status).toBe(200);
      expect(answer.stored).toMatchObject({ application: app.name, scope: scopes[i], tokenType: 'Bearer' });
    }
    const names = answers.map((answer) => answer.stored?.name ?? '');
    expect(new Set(names).size).toBe(40);
    expect(await storedScopes(names)).toEqual([...scopes].sort());
  });

  it('answers the one call whose token the database refuses with an error, and stores the others', async () => {
    const scopes = Array.from({ length: 30 }, (_, i) => (i === 17 ? REFUSED_SCOPE : `beside-refused-${i}`));
    const answers = await Promise.all(scopes.map(clientCredentials));
    for (const [i, answer] of answers.entries()) {
      if (i === 17) {
        expect(answer.status).toBe(500);
        expect(answer.body).toMatchObject({ status: 'error', msg: expect.stringMatching(/^Internal server error/) });
      } else {
        expect(answer.status).toBe(200);
        expect(answer.stored).toMatchObject({ scope: scopes[i] });
      }
    }
    const refused = await server()
      .ctx.database.db.selectFrom('token')
      .select('name')
      .where('scope', '=', REFUSED_SCOPE)
      .execute();
    expect(refused).toEqual([]);
  });

  const tokenRow = (scope: string) => ({
    owner: ADMIN_OWNER,
    name: timeOrderedId(),
    application: app.name,
    organization: app.organization,
    scope,
    tokenType: 'Bearer',
    expiresIn: 3600,
  });

  it('creates the tokens of one turn of the event loop together; a refused one fails alone', async () => {
    const rows = Array.from({ length: 10 }, (_, i) => tokenRow(i === 3 ? REFUSED_SCOPE : `same-turn-${i}`));
    const outcomes = await Promise.allSettled(rows.map((row) => tokens.create(server().ctx, 'system', row, { newKey: true })));
    expect(outcomes.map((outcome) => outcome.status)).toEqual(rows.map((_, i) => (i === 3 ? 'rejected' : 'fulfilled')));
    const kept = rows.filter((_, i) => i !== 3);
    expect(await storedScopes(rows.map((row) => row.name))).toEqual(kept.map((row) => row.scope).sort());
  });

  it('tells the written event of a group once its shared commit is done; of a group rolled back, only what ran again', async () => {
    const heard: Written[] = [];
    const stop = server().ctx.services.writes.subscribe((event) => {
      if (event.writes.some((write) => write.entity === 'token')) heard.push(event);
    });
    try {
      const together = Array.from({ length: 10 }, (_, i) => tokenRow(`heard-together-${i}`));
      await Promise.all(together.map((row) => tokens.create(server().ctx, 'system', row, { newKey: true })));
      // One commit, one event: every token of the group in it.
      expect(heard).toHaveLength(1);
      expect(heard[0]?.writes.map((write) => write.id)).toEqual(together.map((row) => `${row.owner}/${row.name}`));

      heard.length = 0;
      const beside = Array.from({ length: 5 }, (_, i) => tokenRow(i === 2 ? REFUSED_SCOPE : `heard-beside-${i}`));
      await Promise.allSettled(beside.map((row) => tokens.create(server().ctx, 'system', row, { newKey: true })));
      // The group was rolled back unheard; each write ran again alone, and each one committed is heard once.
      const ids = heard.flatMap((event) => event.writes.map((write) => write.id));
      expect(ids.sort()).toEqual(
        beside
          .filter((_, i) => i !== 2)
          .map((row) => `${row.owner}/${row.name}`)
          .sort(),
      );
    } finally {
      stop();
    }
  });

  it.runIf(engine === 'postgres')('commits the tokens of one turn in one transaction (one xmin) [postgres]', async () => {
    const rows = Array.from({ length: 10 }, (_, i) => tokenRow(`one-transaction-${i}`));
    await Promise.all(rows.map((row) => tokens.create(server().ctx, 'system', row, { newKey: true })));
    const names = rows.map((row) => row.name);
    const { rows: transactions } = await sql<{ n: number }>`
      select count(distinct xmin::text)::int as n from token where name in (${sql.join(names)})`.execute(
      server().ctx.database.db,
    );
    expect(transactions).toEqual([{ n: 1 }]);
  });
});
