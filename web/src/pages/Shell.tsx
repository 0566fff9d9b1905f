import { useCallback, useEffect, useState } from 'react';
import { Link, Outlet, useNavigate } from '@tanstack/react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ApiError, currentOrg, onSignedOut } from '../api/client';
import { keys } from '../api/keys';
import { queries } from '../api/queries';
import { displayName, initialOf } from '../format';
import { useLiveEvents, type LiveEvent } from '../live';
import { Logo, MeContext } from '../ui';
import { applyTheme, storedTheme, type Theme } from '../theme';
import { canAdmin } from '../permissions';

export function Shell() {
  const org = currentOrg.get();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const me = useQuery(queries.me(org));
  const [announcement, setAnnouncement] = useState('');
  const onEvent = useCallback((e: LiveEvent) => {
    if (e.type === 'alert.triggered') setAnnouncement(`New alert ${new Date().toLocaleTimeString()}`);
  }, []);
  const live = useLiveEvents(me.data ? org : null, onEvent);

  useEffect(
    () =>
      onSignedOut(() => {
        qc.clear();
        void navigate({ to: '/sign-in', search: { next: window.location.pathname } });
      }),
    [navigate, qc],
  );

  // Signed out, or no longer in this organization: back to the sign-in page, once.
  const status = me.error instanceof ApiError ? me.error.status : 0;
  const signedOut = !org || status === 401 || status === 403;
  useEffect(() => {
    if (!signedOut) return;
    if (status === 403) currentOrg.set(null);
    qc.removeQueries({ queryKey: keys.me() });
    void navigate({ to: '/sign-in', search: { next: window.location.pathname + window.location.search } });
  }, [signedOut, status, navigate, qc]);
  if (signedOut) return null;
  if (me.error) return <main className="center-page" id="main"><p className="error" role="alert">{me.error.message}</p></main>;
  if (!me.data) return <main className="center-page" id="main" aria-busy="true"><p>Loading…</p></main>;
  const m = me.data;

  const signOut = async () => {
    await api.POST('/api/auth/sign-out');
    currentOrg.set(null);
    qc.clear();
    await navigate({ to: '/sign-in', search: {} });
  };

  return (
    <MeContext.Provider value={m}>
      <a href="#main" className="skip-link">Skip to content</a>
      <header className="topbar">
        <Link to="/alerts" className="brand" aria-label="Klaxon home"><Logo /></Link>
        <nav aria-label="Main">
          <ul className="nav">
            <li><Link to="/alerts" search={{}} activeProps={{ 'aria-current': 'page' }}>Alerts</Link></li>
            <li><Link to="/services" activeProps={{ 'aria-current': 'page' }}>Services</Link></li>
            <li><Link to="/schedules" activeProps={{ 'aria-current': 'page' }}>Schedules</Link></li>
            <li><Link to="/maintenance" activeProps={{ 'aria-current': 'page' }}>Maintenance</Link></li>
            {canAdmin(m.role) && <li><Link to="/webhooks" activeProps={{ 'aria-current': 'page' }}>Webhooks</Link></li>}
            <li><Link to="/org" activeProps={{ 'aria-current': 'page' }}>Organization</Link></li>
          </ul>
        </nav>
        <div className="topbar-end">
          <span className={`live live-${live}`} title="Live updates">
            <span aria-hidden="true">●</span> {live === 'live' ? 'Live' : live === 'connecting' ? 'Connecting' : 'Reconnecting'}
          </span>
          <label className="visually-hidden" htmlFor="org-switcher">Organization</label>
          <select
            id="org-switcher"
            value={m.org.id}
            onChange={(e) => {
              currentOrg.set(e.target.value);
              qc.clear();
              void navigate({ to: '/alerts', search: {} });
            }}
          >
            {m.memberships.map((o) => (
              <option key={o.org_id} value={o.org_id} title={`${o.org_name} (${o.role})`}>{o.org_name} ({o.role})</option>
            ))}
          </select>
          <ThemeToggle />
          <Link to="/me" className="me-link" title={`My profile (${m.user.email})`} activeProps={{ 'aria-current': 'page' }}>
            <span className="me-dot" aria-hidden="true">{initialOf(m.user)}</span>
            <span className="visually-hidden">My profile: </span>
            <span className="me-name">{displayName(m.user)}{canAdmin(m.role) ? '' : ` · ${m.role}`}</span>
          </Link>
          <button type="button" className="button small" onClick={signOut}>Sign out</button>
        </div>
      </header>
      <div className="visually-hidden" aria-live="polite" role="status">{announcement}</div>
      <main id="main" className="page" tabIndex={-1}>
        <Outlet />
      </main>
    </MeContext.Provider>
  );
}

function ThemeToggle() {
  const [theme, setTheme] = useState<Theme>(storedTheme());
  return (
    <>
      <label className="visually-hidden" htmlFor="theme">Theme</label>
      <select
        id="theme"
        value={theme}
        onChange={(e) => {
          const t = e.target.value as Theme;
          setTheme(t);
          applyTheme(t);
        }}
      >
        <option value="system">System</option>
        <option value="light">Light</option>
        <option value="dark">Dark</option>
      </select>
    </>
  );
}
