import Database from 'better-sqlite3';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { actorTitle, personName } from '../../src/lib/actor.ts';
import { actorNameSql } from '../../src/modules/paging/stop.ts';

// The actor's display name has one rule (issue 41 item 8): personName in TypeScript, and the SQL
// the stop statements name people with (stop.ts actorNameSql) gives the same answer.

describe("an actor's display name", () => {
  it('actorNameSql names a person as personName does, a source and a key by their names', () => {
    const db = new Database(':memory:');
    db.exec(`create table users (id text, name text, email text); create table integrations (id text, name text); create table api_keys (id text, name text);
      insert into integrations values ('int_1', 'prometheus'); insert into api_keys values ('key_1', 'deploy bot');`);
    const insert = db.prepare('insert into users values (?, ?, ?)');
    const read = db.prepare(`select ${actorNameSql('@type', '@id')} as name`);
    // Names as people store them (trimmed, one line: src/modules/user/user.ts), and the empty name.
    const names = fc.oneof(fc.constant(''), fc.constant(null), fc.stringMatching(/^[A-Za-zÀ-ÿ' .-]{1,20}$/).map((s) => s.trim()));
    let i = 0;
    fc.assert(
      fc.property(names, fc.emailAddress(), (name, email) => {
        const id = `usr_${i++}`;
        insert.run(id, name, email);
        expect((read.get({ type: 'user', id }) as { name: string }).name).toBe(personName({ name, email }));
      }),
      { numRuns: 300, seed: 41 },
    );
    expect((read.get({ type: 'integration', id: 'int_1' }) as { name: string }).name).toBe('prometheus');
    expect((read.get({ type: 'api_key', id: 'key_1' }) as { name: string }).name).toBe('deploy bot');
    expect((read.get({ type: 'system', id: 'x' }) as { name: string | null }).name).toBeNull();
    db.close();
  });

  it('actorTitle: a person by name, a source and a key by kind and name, Klaxon itself', () => {
    expect(actorTitle('user', 'Ada')).toBe('Ada');
    expect(actorTitle('integration', 'Monitor')).toBe('source Monitor');
    expect(actorTitle('api_key', 'deploy')).toBe('API key deploy');
    expect(actorTitle('system', 'anything')).toBe('Klaxon');
    expect(actorTitle('user', undefined, 'a former member')).toBe('a former member');
  });
});
