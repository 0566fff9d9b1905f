import type { InputHTMLAttributes, ReactNode } from 'react';
import { Confirm, ErrorText } from '../../ui';
import type { Action } from '../../use-action';

/** A card of the profile page, labelled by its title; its anchor is the title's id without `-title`. */
export function Section(props: { id: string; title: string; intro?: ReactNode; children: ReactNode; wide?: boolean }) {
  return (
    <section className={`card stack profile-section${props.wide ? ' wide-section' : ''}`} aria-labelledby={props.id} id={props.id.replace(/-title$/, '')}>
      <h2 id={props.id}>{props.title}</h2>
      {props.intro && <p className="muted small">{props.intro}</p>}
      {props.children}
    </section>
  );
}

/** What an action of a section came to: its note as a status line, else its error (or the section's read error). */
export function Outcome({ action, error }: { action: Action; error?: unknown }) {
  return (
    <>
      {action.note && <p role="status" className="ok-note">{action.note}</p>}
      <ErrorText error={action.error ?? error} />
    </>
  );
}

/** A yes/no badge: green when good, amber otherwise, always in words. */
export const StateBadge = ({ good, children }: { good: boolean; children: ReactNode }) => (
  <span className={`badge ${good ? 'status-resolved' : 'status-acknowledged'}`}>{children}</span>
);

/** The six-digit code a person types from an email, an SMS or an authenticator app. */
export function SixDigitCode({ value, onChange, ...rest }: { value: string; onChange: (v: string) => void } & Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange'>) {
  return <input inputMode="numeric" autoComplete="one-time-code" pattern="[0-9]{6}" maxLength={6} value={value} onChange={(e) => onChange(e.target.value)} required {...rest} />;
}

/** True when the code typed has its six characters. */
export const sixDigits = (code: string) => code.trim().length === 6;

/** A small danger button ("Remove", "Revoke") that asks first, then runs the removal as the row's action. */
export function ConfirmRemove(props: { action: Action; verb: 'Remove' | 'Revoke'; label: string; title: string; description: string; remove: () => Promise<string | void> }) {
  return (
    <Confirm
      trigger={<button type="button" className="button small danger" aria-label={props.label}>{props.verb}</button>}
      title={props.title}
      description={props.description}
      action={props.verb}
      danger
      onConfirm={() => props.action.run(props.remove)}
    />
  );
}
