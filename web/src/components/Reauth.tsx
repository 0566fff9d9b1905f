import { useState } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { api, ApiError, must } from '../api/client';
import { ActionForm, ErrorText } from '../ui';
import { useAction } from '../use-action';

/** An action that may need the session to prove itself first (see useSecure). */
export type Secure = <T>(fn: () => Promise<T>) => Promise<T>;

const needsReauth = (err: unknown) => err instanceof ApiError && err.details.some((d) => d.field === 'reauthentication');

/**
 * Account-security actions need a session that proved itself in the last 10 minutes (ADR 0533):
 * when the server says so, ask for the password (or a two-factor code) and repeat the action.
 * Deleting an organization is one too (ADR 0711).
 */
export function useSecure() {
  const [pending, setPending] = useState<{ retry: () => Promise<void>; fail: (e: unknown) => void } | null>(null);
  const secure: Secure = <T,>(fn: () => Promise<T>): Promise<T> =>
    fn().catch(
      (err: unknown) =>
        new Promise<T>((resolve, reject) => {
          if (!needsReauth(err)) return reject(err);
          setPending({ retry: async () => resolve(await fn()), fail: reject });
        }),
    );
  const dialog = pending && (
    <ReauthDialog
      onDone={async () => {
        const p = pending;
        setPending(null);
        await p.retry().catch(p.fail);
      }}
      onCancel={() => {
        const p = pending;
        setPending(null);
        p.fail(new Error('Cancelled: confirm it is you to make this change.'));
      }}
    />
  );
  return { secure, dialog };
}

function ReauthDialog({ onDone, onCancel }: { onDone: () => Promise<void>; onCancel: () => void }) {
  const [mode, setMode] = useState<'password' | 'totp_code'>('password');
  const [value, setValue] = useState('');
  const a = useAction();
  const submit = async () => {
    await must(api.POST('/api/me/reauthenticate', { body: mode === 'password' ? { password: value } : { totp_code: value.trim() } }));
    await onDone();
  };
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onCancel()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog">
          <Dialog.Title>Confirm it is you</Dialog.Title>
          <Dialog.Description>Changes to your sign-in need your password (or a two-factor code) once every 10 minutes.</Dialog.Description>
          <ActionForm action={a} className="stack" onSubmit={submit}>
            <label className="field">
              <span>{mode === 'password' ? 'Current password' : 'Two-factor code'}</span>
              <input type={mode === 'password' ? 'password' : 'text'} autoComplete={mode === 'password' ? 'current-password' : 'one-time-code'} value={value} onChange={(e) => setValue(e.target.value)} required autoFocus />
            </label>
            <button type="button" className="link" onClick={() => { setMode(mode === 'password' ? 'totp_code' : 'password'); setValue(''); }}>
              {mode === 'password' ? 'Use a two-factor code instead' : 'Use my password instead'}
            </button>
            <ErrorText error={a.error} />
            <div className="row end">
              <Dialog.Close asChild><button type="button" className="button">Cancel</button></Dialog.Close>
              <button type="submit" className="button primary" disabled={a.busy || !value}>Confirm</button>
            </div>
          </ActionForm>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
