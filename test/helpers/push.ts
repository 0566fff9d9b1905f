import webpush from 'web-push';
import type { Dialect } from '../../src/db/connect.ts';
import { startFakeApns } from './fakes/apns.ts';
import { startFakeFcm } from './fakes/fcm.ts';
import { apnsKeys, fcmServiceAccount } from './fakes/push-keys.ts';
import { startFakePushService } from './fakes/webpush.ts';
import { createHarness, type Harness } from './paging.ts';

/**
 * The paging harness with real push: the container builds its push provider from APNS_*, FCM_*
 * and VAPID_* pointing at fakes on loopback (test/helpers/fakes); sms and voice stay in memory.
 * Everyone's harness devices are removed: people register their own through the API.
 */
export async function createPushHarness(dialect: Dialect, env: Record<string, string> = {}) {
  const k = apnsKeys();
  const sa = fcmServiceAccount();
  let now = () => new Date();
  const apns = await startFakeApns({ publicKeyPem: k.publicKeyPem, keyId: k.keyId, teamId: k.teamId, topic: k.topic, now: () => now() });
  const fcm = await startFakeFcm({ publicKeyPem: sa.publicKeyPem, clientEmail: sa.clientEmail, projectId: sa.projectId, now: () => now() });
  const push = await startFakePushService({ now: () => now() });
  const vapid = webpush.generateVAPIDKeys();
  const secretsEnv = {
    APNS_KEY_ID: k.keyId, APNS_TEAM_ID: k.teamId, APNS_KEY: k.keyPem, APNS_TOPIC: k.topic, APNS_BASE_URL: apns.url,
    FCM_SERVICE_ACCOUNT: sa.json(fcm.tokenUrl), FCM_BASE_URL: fcm.baseUrl,
    VAPID_PUBLIC_KEY: vapid.publicKey, VAPID_PRIVATE_KEY: vapid.privateKey, VAPID_SUBJECT: 'mailto:ops@example.com',
    KLAXON_WEBHOOK_ALLOW_PRIVATE: 'true',
  };
  let h: Harness;
  try {
    h = await createHarness(dialect, { fakes: ['sms', 'voice'], env: { ...secretsEnv, ...env }, container: { push: { ca: [apns.ca, push.ca], timeoutMs: 2_000 } } });
  } catch (err) {
    await Promise.all([apns.close(), fcm.close(), push.close()]);
    throw err;
  }
  now = () => h.t.clock.now();
  await h.t.container.db.deleteFrom('devices').execute();
  return {
    h, apns, fcm, push,
    /** The provider secrets, as configured. */
    keys: { apnsKey: k.keyPem, fcmKey: (JSON.parse(sa.json('x')) as { private_key: string }).private_key, vapidPrivate: vapid.privateKey },
    async close() {
      try {
        await h.close();
      } finally {
        await Promise.all([apns.close(), fcm.close(), push.close()]);
      }
    },
  };
}
