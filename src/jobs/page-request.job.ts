import { insertLogOnce } from '../modules/alert/index.ts';
import { newId } from '../lib/ids.ts';
import type { EventHandler } from './runner.ts';
import { isForeignKeyViolation } from '../lib/errors.ts';

/**
 * Until the paging engine exists, a change that must page records "page requested" in the
 * alert's timeline. Unique on (event id, kind): a redelivered event never pages twice.
 */
export const pageRequestHandler: EventHandler = {
  name: 'page-request',
  local: true,
  handles: (type) => type === 'alert.triggered' || type === 'alert.priority_raised',
  async handle(event, { db, now }) {
    const urgency = event.payload.page_urgency;
    if (!event.alertId || typeof urgency !== 'string') return;
    try {
      await insertLogOnce(db, {
        id: newId('log'),
        alert_id: event.alertId,
        kind: 'page_requested',
        message: `page requested: urgency ${urgency}`,
        actor_type: 'system',
        actor_id: null,
        event_id: event.id,
        receipt_id: null,
        meta: JSON.stringify({ urgency, event_type: event.type }),
        created_at: now,
      });
    } catch (err) {
      // The alert was deleted with its service before we got here: nothing left to page for.
      if (isForeignKeyViolation(err)) return;
      throw err;
    }
  },
};
