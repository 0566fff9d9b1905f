import { createContext, useContext, useState, type FormHTMLAttributes, type ReactNode } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { ApiError, type Me } from './api/client';
import { useAction, type Action } from './use-action';
import { STATUS_LABEL } from './format';

export function Logo() {
  return (
    <div className="logo" aria-hidden="true">
      <svg viewBox="0 0 32 32" width="28" height="28"><rect width="32" height="32" rx="7" fill="var(--brand)" /><path d="M16 6l10 18H6z" fill="#fff" /><rect x="15" y="12" width="2" height="7" fill="var(--brand)" /><rect x="15" y="20.5" width="2" height="2" fill="var(--brand)" /></svg>
      <span>Klaxon</span>
    </div>
  );
}

const STATUS_ICON: Record<string, string> = { open: '●', acknowledged: '◐', snoozed: '☾', resolved: '✓' };

/** Status in words with an icon: never colour alone. */
export function StatusBadge({ status }: { status: string }) {
  return (
    <span className={`badge status-${status}`}>
      <span aria-hidden="true">{STATUS_ICON[status] ?? '•'}</span> {STATUS_LABEL[status] ?? status}
    </span>
  );
}

export function PriorityBadge({ priority }: { priority: string }) {
  return <span className={`badge priority-${priority}`}>{priority[0]!.toUpperCase() + priority.slice(1)}</span>;
}

export const MeContext = createContext<Me | null>(null);
export function useMe(): Me {
  const me = useContext(MeContext);
  if (!me) throw new Error('useMe outside the signed-in shell');
  return me;
}

/** A confirmation dialog (Radix: focus trap, Escape, labelled). */
export function Confirm(props: { trigger: ReactNode; title: string; description: ReactNode; action: string; danger?: boolean; onConfirm: () => unknown }) {
  const [open, setOpen] = useState(false);
  const a = useAction();
  return (
    <Dialog.Root open={open} onOpenChange={(o) => { setOpen(o); a.reset(); }}>
      <Dialog.Trigger asChild>{props.trigger}</Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog">
          <Dialog.Title>{props.title}</Dialog.Title>
          <Dialog.Description asChild><div>{props.description}</div></Dialog.Description>
          <ErrorText error={a.error} />
          <div className="row end">
            <Dialog.Close asChild><button type="button" className="button">Cancel</button></Dialog.Close>
            <button
              type="button"
              className={`button ${props.danger ? 'danger' : 'primary'}`}
              disabled={a.busy}
              onClick={async () => {
                // An action that fails keeps the dialog open and says why.
                if (await a.run(async () => void (await props.onConfirm()))) setOpen(false);
              }}
            >
              {props.action}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** Copies text, and says so to screen readers too. */
export function CopyButton({ text, label = 'Copy' }: { text: string; label?: string }) {
  const [done, setDone] = useState(false);
  return (
    <button
      type="button"
      className="button small"
      onClick={async () => {
        await navigator.clipboard.writeText(text);
        setDone(true);
        setTimeout(() => setDone(false), 2000);
      }}
    >
      {done ? 'Copied' : label}
      <span className="visually-hidden" aria-live="polite">{done ? ' to the clipboard' : ''}</span>
    </button>
  );
}

/** An error in words; with `details`, also the fields the server named (an ApiError's details). */
export function ErrorText({ error, details }: { error: unknown; details?: boolean }) {
  if (!error) return null;
  const fields = details && error instanceof ApiError ? error.details : [];
  return (
    <>
      <p className="error" role="alert">{error instanceof Error ? error.message : String(error)}</p>
      {fields.length > 0 && <ul className="error small">{fields.map((d, i) => <li key={i}><code>{d.field}</code>: {d.message}</li>)}</ul>}
    </>
  );
}

/** A form that runs its action on submit instead of loading a page; `action.busy` disables its buttons where the caller says. */
export function ActionForm({ action, onSubmit, className = 'row wrap end-align', children, ...rest }: { action: Action; onSubmit: () => Promise<string | void>; children: ReactNode } & Omit<FormHTMLAttributes<HTMLFormElement>, 'action' | 'onSubmit' | 'children'>) {
  return (
    <form
      {...rest}
      className={className}
      onSubmit={(e) => {
        e.preventDefault();
        void action.run(onSubmit);
      }}
    >
      {children}
    </form>
  );
}
