import selfsigned from 'selfsigned';

/** A self-signed certificate for 127.0.0.1 and localhost, made in the test (trusted through `ca`). */
export async function loopbackCert(): Promise<{ key: string; cert: string }> {
  const pems = await selfsigned.generate([{ name: 'commonName', value: 'localhost' }], { keyType: 'ec' });
  return { key: pems.private, cert: pems.cert };
}
