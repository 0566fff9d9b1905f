import { createRootRoute, createRoute, createRouter, Outlet, redirect } from '@tanstack/react-router';
import { currentOrg } from './api/client';
import { SignInPage } from './pages/SignIn';
import { AcceptInvitationPage } from './pages/AcceptInvitation';
import { Shell } from './pages/Shell';
import { AlertsPage, type AlertFilters } from './pages/Alerts';
import { AlertDetailPage } from './pages/AlertDetail';
import { ServicesPage } from './pages/Services';
import { ServiceDetailPage } from './pages/ServiceDetail';
import { NotFound } from './pages/NotFound';
import { ProfilePage } from './pages/profile/ProfilePage';
import { NewWebhookPage, WebhooksPage } from './pages/Webhooks';
import { WebhookDetailPage } from './pages/WebhookDetail';
import { MaintenancePage } from './pages/Maintenance';
import { EditSchedulePage, NewSchedulePage, SchedulesPage } from './pages/Schedules';
import { ScheduleDetailPage } from './pages/ScheduleDetail';
import { OrgLayout } from './pages/org/OrgLayout';
import { PeoplePage } from './pages/org/People';
import { ApiKeysPage } from './pages/org/ApiKeys';
import { AuditPage } from './pages/org/Audit';
import { OrgSettingsPage } from './pages/org/OrgSettings';
import { VoicePage } from './pages/org/Voice';
import { BillingPage } from './pages/org/Billing';

const rootRoute = createRootRoute({ component: Outlet, notFoundComponent: NotFound });

const signIn = createRoute({
  getParentRoute: () => rootRoute,
  path: '/sign-in',
  validateSearch: (s: Record<string, unknown>): { next?: string; sso_org?: string; sso_error?: string } => ({
    ...(typeof s.next === 'string' && s.next.startsWith('/') && !s.next.startsWith('//') ? { next: s.next } : {}),
    // After single sign-on (GET /v1/auth/oidc/callback): the organization to act in, or why it was refused.
    ...(typeof s.sso_org === 'string' && /^org_[0-9a-z]+$/.test(s.sso_org) ? { sso_org: s.sso_org } : {}),
    ...(typeof s.sso_error === 'string' ? { sso_error: s.sso_error.slice(0, 500) } : {}),
  }),
  component: SignInPage,
});

/** The invitation mail's link (src/modules/invitation): open to everyone, signed in or not. */
const acceptInvitation = createRoute({
  getParentRoute: () => rootRoute,
  path: '/invitations/accept',
  validateSearch: (s: Record<string, unknown>): { token?: string } => (typeof s.token === 'string' && s.token ? { token: s.token } : {}),
  component: AcceptInvitationPage,
});

/** Every page behind the session: the shell loads the person and their organization. */
const app = createRoute({
  getParentRoute: () => rootRoute,
  id: 'app',
  beforeLoad: ({ location }) => {
    if (!currentOrg.get()) throw redirect({ to: '/sign-in', search: location.pathname === '/' ? {} : { next: location.href } });
  },
  component: Shell,
});

const home = createRoute({
  getParentRoute: () => app,
  path: '/',
  beforeLoad: () => {
    throw redirect({ to: '/alerts', search: {} });
  },
});

const str = (v: unknown) => (typeof v === 'string' && v ? v : undefined);
export const alertsRoute = createRoute({
  getParentRoute: () => app,
  path: '/alerts',
  validateSearch: (s: Record<string, unknown>): AlertFilters => ({
    status: str(s.status),
    priority: str(s.priority),
    urgency: str(s.urgency),
    service_id: str(s.service_id),
    q: str(s.q),
  }),
  component: AlertsPage,
});
export const alertRoute = createRoute({ getParentRoute: () => app, path: '/alerts/$alertId', component: AlertDetailPage });
export const servicesRoute = createRoute({ getParentRoute: () => app, path: '/services', component: ServicesPage });
export const serviceRoute = createRoute({ getParentRoute: () => app, path: '/services/$serviceId', component: ServiceDetailPage });

// --- profile routes ---
// /me is the address test pages and push notifications link to (src/modules/paging).
export const profileRoute = createRoute({ getParentRoute: () => app, path: '/me', component: ProfilePage });
// --- end profile routes ---
// --- webhooks routes ---
export const maintenanceRoute = createRoute({ getParentRoute: () => app, path: '/maintenance', component: MaintenancePage });
export const webhooksRoute = createRoute({ getParentRoute: () => app, path: '/webhooks', component: WebhooksPage });
export const newWebhookRoute = createRoute({ getParentRoute: () => app, path: '/webhooks/new', component: NewWebhookPage });
export const webhookRoute = createRoute({ getParentRoute: () => app, path: '/webhooks/$webhookId', component: WebhookDetailPage });
// --- end webhooks routes ---
// --- schedules routes ---
export const schedulesRoute = createRoute({ getParentRoute: () => app, path: '/schedules', component: SchedulesPage });
export const newScheduleRoute = createRoute({ getParentRoute: () => app, path: '/schedules/new', component: NewSchedulePage });
export const scheduleRoute = createRoute({ getParentRoute: () => app, path: '/schedules/$scheduleId', component: ScheduleDetailPage });
export const editScheduleRoute = createRoute({ getParentRoute: () => app, path: '/schedules/$scheduleId/edit', component: EditSchedulePage });
const scheduleRoutes = [schedulesRoute, newScheduleRoute, scheduleRoute, editScheduleRoute];
// --- end schedules routes ---
// --- organization (admin) routes ---
const orgLayout = createRoute({ getParentRoute: () => app, path: '/org', component: OrgLayout });
const orgIndex = createRoute({
  getParentRoute: () => orgLayout,
  path: '/',
  beforeLoad: () => {
    throw redirect({ to: '/org/people' });
  },
});
const orgPeople = createRoute({ getParentRoute: () => orgLayout, path: '/people', component: PeoplePage });
const orgKeys = createRoute({ getParentRoute: () => orgLayout, path: '/keys', component: ApiKeysPage });
const orgAudit = createRoute({ getParentRoute: () => orgLayout, path: '/audit', component: AuditPage });
const orgSettings = createRoute({ getParentRoute: () => orgLayout, path: '/settings', component: OrgSettingsPage });
const orgVoice = createRoute({ getParentRoute: () => orgLayout, path: '/voice', component: VoicePage });
const checkoutResult = (s: Record<string, unknown>): { checkout?: 'success' | 'cancel' } => (s.checkout === 'success' || s.checkout === 'cancel' ? { checkout: s.checkout } : {});
const orgBilling = createRoute({ getParentRoute: () => orgLayout, path: '/billing', validateSearch: checkoutResult, component: BillingPage });
/** Stripe sends people back to {KLAXON_PUBLIC_URL}/billing after checkout and from the portal. */
const billingReturn = createRoute({
  getParentRoute: () => app,
  path: '/billing',
  validateSearch: checkoutResult,
  beforeLoad: ({ search }) => {
    throw redirect({ to: '/org/billing', search });
  },
});
const orgRoutes = [orgLayout.addChildren([orgIndex, orgPeople, orgKeys, orgAudit, orgSettings, orgVoice, orgBilling]), billingReturn];
// --- end organization (admin) routes ---

const legacyIndex = createRoute({
  getParentRoute: () => rootRoute,
  path: '/index.html',
  beforeLoad: () => {
    throw redirect({ to: '/alerts' });
  },
});

const routeTree = rootRoute.addChildren([signIn, acceptInvitation, legacyIndex, app.addChildren([home, alertsRoute, alertRoute, servicesRoute, serviceRoute, profileRoute, maintenanceRoute, webhooksRoute, newWebhookRoute, webhookRoute, ...scheduleRoutes, ...orgRoutes])]);

export const router = createRouter({ routeTree, defaultPreload: false, scrollRestoration: true });

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
