import { Type } from 'typebox';

const Platform = Type.Union([Type.Literal('ios'), Type.Literal('android'), Type.Literal('web')]);
const PushToken = Type.String({ minLength: 8, maxLength: 4096, description: 'APNs device token, FCM registration token or Web Push subscription. A secret: never returned; a hint is shown.' });

export const DeviceSchema = Type.Object(
  {
    id: Type.String(),
    user_id: Type.String(),
    platform: Platform,
    name: Type.String(),
    app_version: Type.String(),
    critical_alerts_permitted: Type.Boolean({ description: 'iOS: the person allowed Critical Alerts, so high urgency pages break through Do Not Disturb.' }),
    push_token_hint: Type.String({ description: 'The last four characters of the push token.' }),
    disabled_at: Type.Union([Type.String(), Type.Null()], { description: 'When the push service said this token is gone (uninstalled, expired); the device is not paged until the app registers it again.' }),
    disabled_reason: Type.Union([Type.String(), Type.Null()], { description: 'Why the device was disabled, as the push service said it.' }),
    created_at: Type.String(),
    updated_at: Type.String(),
  },
  { $id: 'Device' },
);

export const DeviceCreate = Type.Object(
  {
    platform: Platform,
    push_token: PushToken,
    name: Type.Optional(Type.String({ maxLength: 200 })),
    app_version: Type.Optional(Type.String({ maxLength: 64 })),
    critical_alerts_permitted: Type.Optional(Type.Boolean({ description: 'Default false on a new device; unchanged when the token is registered again.' })),
  },
  { $id: 'DeviceCreate' },
);

export const DevicePatch = Type.Object(
  {
    push_token: Type.Optional(PushToken),
    name: Type.Optional(Type.String({ maxLength: 200 })),
    app_version: Type.Optional(Type.String({ maxLength: 64 })),
    critical_alerts_permitted: Type.Optional(Type.Boolean()),
  },
  { $id: 'DevicePatch' },
);

export const WebPushKey = Type.Object(
  { public_key: Type.Union([Type.String(), Type.Null()], { description: 'The VAPID public key (uncompressed P-256, URL-safe base64): the applicationServerKey of PushManager.subscribe(). null when this server has no Web Push configured.' }) },
  { $id: 'WebPushKey' },
);
