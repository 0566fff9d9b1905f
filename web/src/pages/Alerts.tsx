import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, must, nextCursor, type Alert } from '../api/client';
import { keys } from '../api/keys';
import { queries } from '../api/queries';
import { ago, PRIORITIES } from '../format';
import { canAct } from '../permissions';
import { ErrorText, PriorityBadge, StatusBadge, useMe } from '../ui';

export interface AlertFilters {
  status?: string | undefined;
  priority?: string | undefined;
  urgency?: string | undefined;
  service_id?: string | undefined;
  q?: string | undefined;
}

const STATUS_TABS: { value: string | undefined; label: string }[] = [
  { value: undefined, label: 'Not resolved' },
  { value: 'open', label: 'Open' },
  { value: 'acknowledged', label: 'Acknowledged' },
  { value: 'snoozed', label: 'Snoozed' },
  { value: 'resolved', label: 'Resolved' },
  { value: 'any', label: 'All' },
];

export function useServices() {
  return useQuery(queries.services());
}

export function AlertsPage() {
  const filters = useSearch({ from: '/app/alerts' });
  const navigate = useNavigate({ from: '/alerts' });
  const me = useMe();
  const qc = useQueryClient();
  const services = useServices();
  const serviceName = useMemo(() => new Map((services.data ?? []).map((s) => [s.id, s.name])), [services.data]);
  const alerts = useInfiniteQuery({
    queryKey: keys.alertList(filters),
    initialPageParam: undefined as string | undefined,
    queryFn: async ({ pageParam }) => {
      const { data, error, response } = await api.GET('/api/alerts', { params: { query: { ...filters, urgency: filters.urgency as 'high' | 'low' | undefined, limit: 50, cursor: pageParam } } });
      if (error || !data) await must(Promise.resolve({ data, error, response }));
      return { items: (data ?? []) as Alert[], next: nextCursor(response) };
    },
    getNextPageParam: (last) => last.next,
  });
  const rows = useMemo(() => alerts.data?.pages.flatMap((p) => p.items) ?? [], [alerts.data]);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [focus, setFocus] = useState(0);
  const [result, setResult] = useState<string>();
  const [query, setQuery] = useState(filters.q ?? '');
  const search = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLTableSectionElement>(null);
  const acts = canAct(me.role);

  useEffect(() => setSelected((s) => new Set([...s].filter((id) => rows.some((r) => r.id === id && r.status !== 'resolved')))), [rows]);

  const setFilter = (patch: Partial<AlertFilters>) => void navigate({ search: (prev: AlertFilters) => ({ ...prev, ...patch }) });

  const bulk = async (op: 'ack' | 'resolve', ids = [...selected]) => {
    if (!ids.length) return;
    const results = await Promise.allSettled(ids.map((id) => must(api.PUT(op === 'ack' ? '/api/alerts/{id}/ack' : '/api/alerts/{id}/resolve', { params: { path: { id } } }))));
    const failed = results.filter((r) => r.status === 'rejected').length;
    const verb = op === 'ack' ? 'acknowledged' : 'resolved';
    setResult(failed ? `${ids.length - failed} ${verb}, ${failed} failed: ${(results.find((r) => r.status === 'rejected') as PromiseRejectedResult).reason?.message}` : `${ids.length} ${ids.length === 1 ? 'alert' : 'alerts'} ${verb}.`);
    setSelected(new Set());
    await qc.invalidateQueries({ queryKey: keys.alerts() });
  };

  // Keyboard: j/k move, x selects, a acknowledges, r resolves (the selection, else the focused row), Enter opens, / searches.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const t = e.target as HTMLElement;
      if (e.ctrlKey || e.metaKey || e.altKey || ['INPUT', 'SELECT', 'TEXTAREA'].includes(t.tagName) || document.querySelector('[role="dialog"]')) return;
      const row = rows[focus];
      if (e.key === '/') {
        e.preventDefault();
        search.current?.focus();
      } else if (e.key === 'j' || e.key === 'k') {
        const n = Math.max(0, Math.min(rows.length - 1, focus + (e.key === 'j' ? 1 : -1)));
        setFocus(n);
        listRef.current?.querySelectorAll<HTMLElement>('a.alert-link')[n]?.focus();
      } else if (e.key === 'x' && row && acts && row.status !== 'resolved') {
        setSelected((s) => {
          const c = new Set(s);
          if (c.has(row.id)) c.delete(row.id);
          else c.add(row.id);
          return c;
        });
      } else if ((e.key === 'a' || e.key === 'r') && acts) {
        const ids = selected.size ? [...selected] : row && row.status !== 'resolved' ? [row.id] : [];
        void bulk(e.key === 'a' ? 'ack' : 'resolve', ids);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  const selectable = rows.filter((r) => r.status !== 'resolved');
  const allSelected = selectable.length > 0 && selectable.every((r) => selected.has(r.id));

  return (
    <section aria-labelledby="alerts-title" className="stack">
      <div className="page-head">
        <h1 id="alerts-title">Alerts</h1>
        <p className="muted small" id="shortcuts">Keys: <kbd>j</kbd>/<kbd>k</kbd> move, <kbd>x</kbd> select, <kbd>a</kbd> acknowledge, <kbd>r</kbd> resolve, <kbd>/</kbd> search</p>
      </div>
      <div className="tabs" role="group" aria-label="Status">
        {STATUS_TABS.map((t) => (
          <button key={t.label} type="button" className="tab" aria-pressed={filters.status === t.value} onClick={() => setFilter({ status: t.value })}>
            {t.label}
          </button>
        ))}
      </div>
      <form
        className="filters"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          setFilter({ q: query || undefined });
        }}
      >
        <label className="field inline">
          <span>Search titles</span>
          <input ref={search} type="search" value={query} onChange={(e) => setQuery(e.target.value)} placeholder="Disk full…" />
        </label>
        <label className="field inline">
          <span>Priority</span>
          <select value={filters.priority ?? ''} onChange={(e) => setFilter({ priority: e.target.value || undefined })}>
            <option value="">Any</option>
            {PRIORITIES.map((p) => <option key={p} value={p}>{p}</option>)}
          </select>
        </label>
        <label className="field inline">
          <span>Urgency</span>
          <select value={filters.urgency ?? ''} onChange={(e) => setFilter({ urgency: e.target.value || undefined })}>
            <option value="">Any</option>
            <option value="high">High</option>
            <option value="low">Low</option>
          </select>
        </label>
        <label className="field inline">
          <span>Service</span>
          <select value={filters.service_id ?? ''} onChange={(e) => setFilter({ service_id: e.target.value || undefined })}>
            <option value="">All services</option>
            {(services.data ?? []).map((s) => <option key={s.id} value={s.id}>{s.name}</option>)}
          </select>
        </label>
        <button type="submit" className="button">Search</button>
      </form>
      {acts && (
        <div className="bulkbar" role="toolbar" aria-label="Selected alerts">
          <span>{selected.size} selected</span>
          <button type="button" className="button" disabled={!selected.size} onClick={() => bulk('ack')}>Acknowledge</button>
          <button type="button" className="button" disabled={!selected.size} onClick={() => bulk('resolve')}>Resolve</button>
        </div>
      )}
      <p role="status" className="muted">{result}</p>
      <ErrorText error={alerts.error} />
      <div className="table-wrap">
        <table className="alerts">
          <caption className="visually-hidden">Alerts, most important first</caption>
          <thead>
            <tr>
              {acts && (
                <th scope="col" className="check">
                  <input
                    type="checkbox"
                    aria-label="Select every alert shown"
                    checked={allSelected}
                    onChange={() => setSelected(allSelected ? new Set() : new Set(selectable.map((r) => r.id)))}
                  />
                </th>
              )}
              <th scope="col">Status</th>
              <th scope="col">Priority</th>
              <th scope="col">Alert</th>
              <th scope="col" className="hide-phone">Service</th>
              <th scope="col" className="hide-phone">Last signal</th>
            </tr>
          </thead>
          <tbody ref={listRef}>
            {rows.map((a, i) => (
              <tr key={a.id} className={`alert-row status-${a.status}${i === focus ? ' focused' : ''}`} aria-selected={selected.has(a.id)}>
                {acts && (
                  <td className="check">
                    <input
                      type="checkbox"
                      aria-label={`Select ${a.title}`}
                      disabled={a.status === 'resolved'}
                      checked={selected.has(a.id)}
                      onChange={() =>
                        setSelected((s) => {
                          const c = new Set(s);
                          if (c.has(a.id)) c.delete(a.id);
                          else c.add(a.id);
                          return c;
                        })
                      }
                    />
                  </td>
                )}
                <td><StatusBadge status={a.status} />{a.maintenance_window_id && <span className="badge" title="Held by a maintenance window: nobody was paged while it was active"> Maintenance</span>}</td>
                <td><PriorityBadge priority={a.priority} /></td>
                <td className="title-cell">
                  <Link to="/alerts/$alertId" params={{ alertId: a.id }} className="alert-link" onFocus={() => setFocus(i)}>{a.title}</Link>
                  {a.duplicate_count > 0 && <span className="muted small"> · {a.duplicate_count} repeat{a.duplicate_count === 1 ? '' : 's'}</span>}
                  <span className="muted small phone-only"> · {serviceName.get(a.service_id) ?? a.service_id}</span>
                </td>
                <td className="hide-phone">{serviceName.get(a.service_id) ?? a.service_id}</td>
                <td className="hide-phone"><time dateTime={a.last_signal_at} title={a.last_signal_at}>{ago(a.last_signal_at)}</time></td>
              </tr>
            ))}
          </tbody>
        </table>
        {!alerts.isLoading && rows.length === 0 && <p className="empty">No alerts match. All quiet.</p>}
      </div>
      {alerts.hasNextPage && (
        <button type="button" className="button" onClick={() => alerts.fetchNextPage()} disabled={alerts.isFetchingNextPage}>Show more</button>
      )}
    </section>
  );
}
