import { useId, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api, must, type Schemas } from '../../api/client';
import { keys } from '../../api/keys';
import { queries } from '../../api/queries';
import { when } from '../../format';
import { ActionForm } from '../../ui';
import { useAction } from '../../use-action';
import { ConfirmRemove, Outcome, Section, SixDigitCode, sixDigits, StateBadge } from './parts';
import { TestButton } from './TestPage';

type Phone = Schemas['PhoneNumber'];

/** Numbers for SMS and calls: added, verified by a code, tested, removed. */
export function PhonesSection({ act }: { act: boolean }) {
  const phones = useQuery(queries.phones());
  const qc = useQueryClient();
  const [number, setNumber] = useState('');
  const [label, setLabel] = useState('');
  const a = useAction();
  return (
    <Section id="phones-title" title="Phone numbers" intro="For SMS and voice pages. A number pages you once it is verified with a code sent by SMS.">
      <ul className="plain-list">
        {(phones.data ?? []).map((p) => <PhoneRow key={p.id} phone={p} act={act} />)}
      </ul>
      {phones.data?.length === 0 && <p className="empty">No phone numbers yet.</p>}
      {act && (
        <ActionForm
          action={a}
          onSubmit={async () => {
            const p = await must(api.POST('/api/phone-numbers', { body: { number: number.trim(), ...(label.trim() ? { label: label.trim() } : {}) } }));
            setNumber('');
            setLabel('');
            await qc.invalidateQueries({ queryKey: keys.phones() });
            return `Added ${p.number}. Send a code to verify it.`;
          }}
        >
          <label className="field grow">
            <span>Phone number (with +country code)</span>
            <input type="tel" autoComplete="tel" placeholder="+1 415 555 2671" value={number} onChange={(e) => setNumber(e.target.value)} required maxLength={40} />
          </label>
          <label className="field">
            <span>Label</span>
            <input value={label} onChange={(e) => setLabel(e.target.value)} maxLength={100} placeholder="Mobile" />
          </label>
          <button type="submit" className="button" disabled={a.busy || number.trim().length < 3}>Add number</button>
        </ActionForm>
      )}
      <Outcome action={a} error={phones.error} />
    </Section>
  );
}

function PhoneRow({ phone, act }: { phone: Phone; act: boolean }) {
  const qc = useQueryClient();
  const [code, setCode] = useState('');
  const a = useAction();
  const id = useId();
  const refresh = () => qc.invalidateQueries({ queryKey: keys.phones() });
  return (
    <li className="item-row">
      <div className="grow stack-tight">
        <div>
          <strong>{phone.number}</strong> {phone.label && <span className="muted">{phone.label}</span>}{' '}
          <StateBadge good={phone.verified}>{phone.verified ? '✓ Verified' : 'Not verified'}</StateBadge>
          {phone.disabled_reason && <p className="muted small">{phone.disabled_reason}</p>}
        </div>
        {act && phone.verification_pending && !phone.verified && (
          <ActionForm
            action={a}
            onSubmit={async () => {
              await must(api.POST('/api/phone-numbers/{id}/verify/confirm', { params: { path: { id: phone.id } }, body: { code: code.trim() } }));
              setCode('');
              await refresh();
              return `${phone.number} is verified.`;
            }}
          >
            <label className="field" htmlFor={`${id}-code`}>
              <span>Code sent to {phone.number}</span>
              <SixDigitCode id={`${id}-code`} value={code} onChange={setCode} />
            </label>
            <button type="submit" className="button small primary" disabled={a.busy || !sixDigits(code)}>Verify</button>
          </ActionForm>
        )}
        <Outcome action={a} />
      </div>
      {act && (
        <div className="row wrap item-actions">
          {!phone.verified && (
            <button
              type="button"
              className="button small"
              disabled={a.busy}
              aria-label={`${phone.verification_pending ? 'New code for' : 'Send code to'} ${phone.number}`}
              onClick={() =>
                a.run(async () => {
                  const r = await must(api.POST('/api/phone-numbers/{id}/verify', { params: { path: { id: phone.id } } }));
                  await refresh();
                  return `Code sent by SMS; it works until ${when(r.expires_at)}.`;
                })
              }
            >
              {phone.verification_pending ? 'New code' : 'Send code'}
            </button>
          )}
          {phone.verified && (
            <>
              <TestButton label="Test SMS" aria={`Test SMS to ${phone.number}`} body={{ channel: 'sms', phone_number_id: phone.id }} />
              <TestButton label="Test call" aria={`Test call to ${phone.number}`} body={{ channel: 'voice', phone_number_id: phone.id }} />
            </>
          )}
          <ConfirmRemove
            action={a}
            verb="Remove"
            label={`Remove ${phone.number}`}
            title={`Remove ${phone.number}?`}
            description="It gets no more SMS or calls from Klaxon."
            remove={async () => {
              await must(api.DELETE('/api/phone-numbers/{id}', { params: { path: { id: phone.id } } }));
              await refresh();
            }}
          />
        </div>
      )}
    </li>
  );
}
