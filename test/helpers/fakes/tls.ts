import selfsigned from 'selfsigned';

/**
 * A self-signed certificate for 127.0.0.1 and localhost, made in the test (trusted through `ca`).
 * `name` tells the fakes' certificates apart: two trusted certificates with one subject would hide
 * each other from the verifier.
 */
export async function loopbackCert(name: string): Promise<{ key: string; cert: string }> {
  const pems = await selfsigned.generate([{ name: 'commonName', value: 'localhost' }, { name: 'organizationName', value: `Klaxon test ${name} ${Math.random().toString(36).slice(2)}` }], { keyType: 'ec' });
  return { key: pems.private, cert: pems.cert };
}
