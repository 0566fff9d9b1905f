import { PERSON_NAME_MAX } from '../../lib/actor.ts';
import { invalid } from '../../lib/errors.ts';
import { codePointLength } from '../../lib/text.ts';

/**
 * The name a person gives (sign-up, PATCH /api/me, klaxon admin bootstrap --name), as it is kept:
 * trimmed, one line, at most PERSON_NAME_MAX code points. An empty name is allowed: the person is
 * then shown by their email (personName). It lands in timelines, chat messages and mails, so no
 * control characters (a line break would start a line of its own there).
 */
export function cleanPersonName(raw: string, field = 'name'): string {
  const name = raw.trim();
  if (/[\p{Cc}\p{Zl}\p{Zp}]/u.test(name)) throw invalid(field, 'must be one line without control characters');
  if (codePointLength(name) > PERSON_NAME_MAX) throw invalid(field, `must be at most ${PERSON_NAME_MAX} characters`);
  return name;
}
