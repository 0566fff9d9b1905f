// oidc-provider 8 ships no types; the test helper (test/helpers/oidc.ts) uses its documented API only.
declare module 'oidc-provider' {
  const Provider: any;
  export default Provider;
}
