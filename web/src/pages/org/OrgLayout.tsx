import { useEffect, useRef } from 'react';
import { Link, Outlet, useLocation } from '@tanstack/react-router';
import { canAdmin } from '../../permissions';
import { useMe } from '../../ui';
import '../../styles/admin.css';

/** The organization's pages: a side list on a desktop, a scrolling row of tabs on a phone. */
export function OrgLayout() {
  const me = useMe();
  const nav = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  // On a phone the tabs scroll sideways: keep the current one in view.
  useEffect(() => {
    nav.current?.querySelector('[aria-current="page"]')?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [pathname]);
  const tabs = [
    { to: '/org/people', label: 'People' },
    { to: '/org/keys', label: 'API keys' },
    ...(canAdmin(me.role) ? [{ to: '/org/audit', label: 'Audit log' }] : []),
    { to: '/org/settings', label: 'Settings' },
    { to: '/org/voice', label: 'Voice calls' },
    { to: '/org/billing', label: 'Billing' },
  ] as const;
  return (
    <div className="org-layout">
      <nav aria-label="Organization" className="org-nav" ref={nav}>
        <p className="org-nav-title"><span className="muted small">Organization</span><strong>{me.org.name}</strong></p>
        <ul>
          {tabs.map((t) => (
            <li key={t.to}><Link to={t.to} activeProps={{ 'aria-current': 'page' }}>{t.label}</Link></li>
          ))}
        </ul>
      </nav>
      <div className="org-main">
        <Outlet />
      </div>
    </div>
  );
}
