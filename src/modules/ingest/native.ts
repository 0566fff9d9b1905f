import { AppError, type FieldProblem } from '../../lib/errors.ts';
import { PRIORITIES, type Signal, URGENCIES, normalizeSignal, type NormalizedSignal } from '../alert/index.ts';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

// Module-level, not closures of parseNativeSignal: it runs for every signal, and each closure
// made per call costs an allocation (and, under tsx, a name-setting call).
function str(body: Record<string, unknown>, problems: FieldProblem[], field: string): string | undefined {
  const v = body[field];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'string') {
    problems.push({ field, message: 'must be a string' });
    return undefined;
  }
  return v;
}

function oneOf<T extends string>(body: Record<string, unknown>, problems: FieldProblem[], field: string, allowed: readonly T[]): T | undefined {
  const v = str(body, problems, field);
  if (v === undefined) return undefined;
  if (!allowed.includes(v as T)) {
    problems.push({ field, message: `must be one of ${allowed.join(', ')}` });
    return undefined;
  }
  return v as T;
}

const ACTIONS = ['trigger', 'resolve'] as const;
const hasProblemWith = (problems: FieldProblem[], field: string) => problems.some((p) => p.field === field);

/**
 * The native signal of spec 2.1, validated field by field so every problem is named. Unknown
 * fields are ignored (senders may add their own; docs/adr/0006-unknown-fields.md).
 */
export function parseNativeSignal(body: unknown, opts: { serviceIdAllowed: boolean }): { signal: NormalizedSignal; serviceId?: string } {
  if (!isObject(body)) {
    throw new AppError('invalid_request', 'The body must be a JSON object with at least "title".', {
      details: [{ field: 'body', message: 'must be a JSON object' }],
    });
  }
  const problems: FieldProblem[] = [];
  const serviceId = str(body, problems, 'service_id');
  if (serviceId !== undefined && !opts.serviceIdAllowed) {
    problems.push({ field: 'service_id', message: 'must not be sent: the ingest URL already selects the service; remove service_id' });
  }
  if (opts.serviceIdAllowed && !serviceId && !hasProblemWith(problems, 'service_id')) {
    problems.push({ field: 'service_id', message: 'is required with an alert-ingest key; name the target service (svc_…)' });
  }
  const signal: Signal = {
    action: oneOf(body, problems, 'action', ACTIONS) ?? 'trigger',
    title: str(body, problems, 'title'),
    eventKey: str(body, problems, 'event_key'),
    body: str(body, problems, 'body'),
    priority: oneOf(body, problems, 'priority', PRIORITIES),
    urgency: oneOf(body, problems, 'urgency', URGENCIES),
    source: str(body, problems, 'source'),
  };
  let normalized: NormalizedSignal | undefined;
  try {
    normalized = normalizeSignal(signal);
  } catch (e) {
    if (e instanceof AppError && e.details) {
      for (const d of e.details) if (!hasProblemWith(problems, d.field)) problems.push(d);
    } else throw e;
  }
  if (problems.length || !normalized) {
    throw new AppError('invalid_request', problems.map((p) => `${p.field} ${p.message}`).join('; '), { details: problems });
  }
  return serviceId !== undefined ? { signal: normalized, serviceId } : { signal: normalized };
}
