import { useState, type ReactNode } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { useQuery } from '@tanstack/react-query';
import type { Schemas } from '../api/client';
import { queries } from '../api/queries';
import { displayName } from '../format';
import { CopyButton, ErrorText } from '../ui';
import { useAction } from '../use-action';

export type Member = Schemas['Member'];

/** Every member of the organization (at most 500: a page of the API), for names instead of ids. */
export function useMembers() {
  return useQuery(queries.members());
}

/** "Ada Lovelace" for a usr_ id, else the id itself. */
export function nameOf(members: Member[] | undefined, id: string | null | undefined): string {
  if (!id) return '';
  const m = members?.find((x) => x.user_id === id);
  return m ? displayName(m) : id;
}

export const ROLE_LABEL: Record<string, string> = { owner: 'Owner', admin: 'Admin', responder: 'Responder', observer: 'Observer' };
export const ROLE_HELP: Record<string, string> = {
  owner: 'everything, plus billing, members and deleting the organization',
  admin: 'configures services, schedules, sources, keys, webhooks and settings; reads the audit log',
  responder: 'acts on alerts; manages their own devices and profile',
  observer: 'reads only',
};
export const ROLES = ['owner', 'admin', 'responder', 'observer'] as const;

/**
 * A secret shown once (an API key, an invitation link): a modal dialog with a copy button. The
 * secret lives only in the caller's state; closing the dialog forgets it.
 */
export function SecretOnceDialog(props: { open: boolean; title: string; secret: string; testId: string; copyLabel: string; children?: ReactNode; onClose: () => void }) {
  return (
    <Dialog.Root open={props.open} onOpenChange={(o) => !o && props.onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog">
          <Dialog.Title>{props.title}</Dialog.Title>
          <Dialog.Description asChild>
            <div className="stack">{props.children}</div>
          </Dialog.Description>
          <div className="secret-row">
            <code className="secret" data-testid={props.testId}>{props.secret}</code>
            <CopyButton text={props.secret} label={props.copyLabel} />
          </div>
          <div className="row end">
            <Dialog.Close asChild><button type="button" className="button primary">I have saved it</button></Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** A dangerous action confirmed by typing a word (the organization's name), as GitHub does. */
export function TypedConfirm(props: { trigger: ReactNode; title: string; description: ReactNode; word: string; action: string; onConfirm: () => Promise<void> }) {
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const a = useAction();
  return (
    <Dialog.Root open={open} onOpenChange={(o) => { setOpen(o); setTyped(''); a.reset(); }}>
      <Dialog.Trigger asChild>{props.trigger}</Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog">
          <Dialog.Title>{props.title}</Dialog.Title>
          <Dialog.Description asChild><div className="stack">{props.description}</div></Dialog.Description>
          <form
            className="stack"
            onSubmit={async (e) => {
              e.preventDefault();
              if (typed !== props.word) return;
              if (await a.run(props.onConfirm)) setOpen(false);
            }}
          >
            <label className="field">
              <span>Type <strong>{props.word}</strong> to confirm</span>
              <input value={typed} onChange={(e) => setTyped(e.target.value)} autoComplete="off" spellCheck={false} />
            </label>
            <ErrorText error={a.error} />
            <div className="row end">
              <Dialog.Close asChild><button type="button" className="button">Cancel</button></Dialog.Close>
              <button type="submit" className="button danger" disabled={a.busy || typed !== props.word}>{props.action}</button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
