import type { AlertListWordTable, AlertLogTable, AlertLogTemplateTable, AlertTable } from '../modules/alert/alert.table.ts';
import type { ApiKeyParentTable, ApiKeySessionParentTable, ApiKeyTable } from '../modules/api-key/api-key.table.ts';
import type { AuditLogTable } from '../modules/audit/audit.table.ts';
import type { InvitationTable } from '../modules/invitation/invitation.table.ts';
import type { ReceiptTable } from '../modules/ingest/receipt.table.ts';
import type { IntegrationCredentialTable, IntegrationTable } from '../modules/integration/integration.table.ts';
import type { MembershipTable, OrganizationTable } from '../modules/org/org.table.ts';
import type { OutboxEventTable } from '../modules/outbox/outbox.table.ts';
import type { ServiceTable } from '../modules/service/service.table.ts';
import type { UserTable } from '../modules/user/user.table.ts';
import type { AgreementConsentTable, EmailChangeTable } from '../modules/user/user.table.ts';
import type { DeviceGrantTable, RecoveryCodeTable, SessionTable, SignInFailureTable, TotpLastStepTable, SessionReauthenticationTable, PasswordResetTable } from '../modules/session/session.table.ts';
import type { DeviceRegistrationTable, DeviceTable } from '../modules/device/device.table.ts';
import type { PhoneNumberTable, VerificationSendTable } from '../modules/phone/phone.table.ts';
import type { OrgBillingTable, UsageCounterTable } from '../modules/billing/billing.table.ts';
import type { SecretKeyCheckTable } from './secret-key.table.ts';
import type { UsageHourTable } from '../modules/usage/usage.table.ts';
import type { AlertEscalationTable, NotificationTable } from '../modules/paging/notification.table.ts';
import type { PageActionTable } from '../modules/page-action/page-action.table.ts';
import type { DeliverySendTable, SmsReplyCodeTable, TwilioCallbackTable } from '../modules/paging/delivery.table.ts';
import type { HandoffNoticeTable, NotificationRulesTable } from '../modules/paging/rules.table.ts';
import type {
  CalendarFeedTable, LayerParticipantTable, LevelChannelTable, ScheduleLayerTable, ScheduleLevelTable, ScheduleOverrideTable, ScheduleTable,
  ServiceRoutingRuleTable, ServiceRoutingTable,
} from '../modules/schedule/schedule.table.ts';
import type { SlackConnectionTable, SlackMessageTable } from '../modules/slack/slack.table.ts';
import type { WebhookAttemptTable, WebhookDeliveryTable, WebhookDestinationTable } from '../modules/webhook/webhook.table.ts';
import type { ThrottleEventTable } from '../modules/throttle/throttle.table.ts';
import type { HeartbeatTable } from '../modules/heartbeat/heartbeat.table.ts';
import type { TelegramLinkTable, TelegramUpdateTable } from '../modules/telegram/telegram.table.ts';
import type { MaintenanceWindowTable } from '../modules/maintenance/maintenance.table.ts';
import type { OidcSignInTable, UserIdentityTable } from '../modules/sso/sso.table.ts';

export interface Database {
  organizations: OrganizationTable;
  users: UserTable;
  memberships: MembershipTable;
  api_keys: ApiKeyTable;
  api_key_parents: ApiKeyParentTable;
  api_key_session_parents: ApiKeySessionParentTable;
  services: ServiceTable;
  integrations: IntegrationTable;
  integration_credentials: IntegrationCredentialTable;
  alerts: AlertTable;
  alert_log: AlertLogTable;
  alert_log_templates: AlertLogTemplateTable;
  // each unresolved alert's words in list order (migration 2026-12-06T100000, docs/adr/0781)
  alert_list_words: AlertListWordTable;
  outbox_events: OutboxEventTable;
  receipts: ReceiptTable;
  audit_log: AuditLogTable;
  // people: sign-in, sessions, account (migration 2026-11-21T150000)
  sessions: SessionTable;
  user_identities: UserIdentityTable;
  oidc_sign_ins: OidcSignInTable;
  device_grants: DeviceGrantTable;
  recovery_codes: RecoveryCodeTable;
  sign_in_failures: SignInFailureTable;
  totp_last_steps: TotpLastStepTable;
  session_reauthentications: SessionReauthenticationTable;
  password_resets: PasswordResetTable;
  email_changes: EmailChangeTable;
  agreement_consents: AgreementConsentTable;
  devices: DeviceTable;
  device_registrations: DeviceRegistrationTable;
  phone_numbers: PhoneNumberTable;
  verification_sends: VerificationSendTable;
  org_billing: OrgBillingTable;
  usage_counters: UsageCounterTable;
  // alerts created per hour (migration 2026-11-26T050100)
  usage_hours: UsageHourTable;
  invitations: InvitationTable;
  secret_key_checks: SecretKeyCheckTable;
  // the paging engine (migration 2026-11-25T210000)
  alert_escalations: AlertEscalationTable;
  notifications: NotificationTable;
  // acknowledge from the page (migration 2026-11-26T010100)
  page_actions: PageActionTable;
  // schedules and on-call (migration 2026-11-25T203000)
  schedules: ScheduleTable;
  schedule_levels: ScheduleLevelTable;
  schedule_layers: ScheduleLayerTable;
  layer_participants: LayerParticipantTable;
  schedule_overrides: ScheduleOverrideTable;
  level_channels: LevelChannelTable;
  service_routing: ServiceRoutingTable;
  service_routing_rules: ServiceRoutingRuleTable;
  calendar_feeds: CalendarFeedTable;
  // outbound webhooks (migration 2026-11-25T205000)
  webhook_destinations: WebhookDestinationTable;
  webhook_deliveries: WebhookDeliveryTable;
  // sign-up, SMS verification and invitation throttles (migration 2026-11-26T040000)
  throttle_events: ThrottleEventTable;
  // time-driven alerting (issue 36, migration 2026-12-05T120000)
  heartbeats: HeartbeatTable;
  maintenance_windows: MaintenanceWindowTable;
  webhook_attempts: WebhookAttemptTable;
  // SMS and voice delivery (migration 2026-11-26T020000)
  sms_reply_codes: SmsReplyCodeTable;
  delivery_sends: DeliverySendTable;
  // idempotency of Twilio callbacks (migration 2026-12-05T020100)
  twilio_callbacks: TwilioCallbackTable;
  notification_rules: NotificationRulesTable;
  handoff_notices: HandoffNoticeTable;
  // Telegram as a person's channel (issue 37, migration 2026-12-05T141000)
  telegram_links: TelegramLinkTable;
  telegram_updates: TelegramUpdateTable;
  // Slack as an app (issue 37, migration 2026-12-05T140000)
  slack_connections: SlackConnectionTable;
  slack_messages: SlackMessageTable;
}
