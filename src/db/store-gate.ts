/**
 * Whether this process may write to the store: open once it has migrated and checked it. `klaxon
 * serve` closes the gate while it starts; when the store is unavailable at start, the process
 * listens anyway with the gate closed (ingest spools, nothing is drained or paged) and opens it
 * once the store answers and is migrated (docs/adr/0511-start-while-the-store-is-down.md).
 * Open by default: a container built without serve (tests, CLI commands) writes at once.
 */
export function createStoreGate() {
  let open = true;
  return {
    isOpen: () => open,
    close() {
      open = false;
    },
    open() {
      open = true;
    },
  };
}
export type StoreGate = ReturnType<typeof createStoreGate>;
