import { generateKeyPairSync } from 'node:crypto';

/** An APNs .p8-like signing key (EC P-256, PKCS#8 PEM) with its public half for the fake. */
export function apnsKeys() {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  return { keyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(), publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(), keyId: 'ABC123DEFG', teamId: 'TEAM123456', topic: 'com.example.klaxon' };
}

/** A Firebase service account key (RSA) with its public half for the fake; token_uri is set by the caller. */
export function fcmServiceAccount() {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    json: (tokenUri: string) => JSON.stringify({
      type: 'service_account', project_id: 'klaxon-test', private_key_id: 'k1', private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      client_email: 'klaxon@klaxon-test.iam.gserviceaccount.com', client_id: '1', token_uri: tokenUri,
    }),
    publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    clientEmail: 'klaxon@klaxon-test.iam.gserviceaccount.com',
    projectId: 'klaxon-test',
  };
}

/** A 64-hex-character APNs device token. */
export const apnsToken = (seed: string) => Buffer.from(seed.padEnd(32, '0').slice(0, 32)).toString('hex');
