import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { api, must, type Schemas } from '../../api/client';
import { keys } from '../../api/keys';
import { queries } from '../../api/queries';
import { ActionForm, ErrorText } from '../../ui';
import { useAction } from '../../use-action';
import { Section } from './parts';

type TestResult = Schemas['TestPageResult'];

const RESULT_TEXT: Record<TestResult['status'], string> = {
  sent: 'Sent: the provider took it.',
  delivered: 'Delivered.',
  failed: 'Failed.',
  not_configured: 'Not set up on this server.',
};

/** Sends a test page and says what the provider answered. */
export function TestButton({ label, aria, body }: { label: string; aria?: string; body: Schemas['TestPageRequest'] }) {
  const [result, setResult] = useState<TestResult>();
  const a = useAction();
  return (
    <span className="test-button">
      <button type="button" className="button small" aria-label={aria} disabled={a.busy} onClick={() => a.run(async () => setResult(await must(api.POST('/api/me/test-page', { body }))))}>
        {a.busy ? 'Sending…' : label}
      </button>
      {result && <TestOutcome result={result} />}
      <ErrorText error={a.error} />
    </span>
  );
}

function TestOutcome({ result }: { result: TestResult }) {
  const good = result.status === 'sent' || result.status === 'delivered';
  return (
    <span role="status" className={`test-result ${good ? 'good' : 'bad'}`} data-testid="test-result">
      <span aria-hidden="true">{good ? '✓' : '!'}</span> {RESULT_TEXT[result.status]}
      {result.detail ? ` ${result.detail}` : ''}
    </span>
  );
}

/** A test page to any of the person's channels, with the provider's answer. */
export function TestPageSection() {
  const phones = useQuery(queries.phones());
  const devices = useQuery(queries.devices());
  const telegram = useQuery({ queryKey: keys.telegram(), queryFn: () => must(api.GET('/api/me/telegram')) });
  const [target, setTarget] = useState('email');
  const [result, setResult] = useState<TestResult>();
  const a = useAction();
  const options: { value: string; label: string; body: Schemas['TestPageRequest'] }[] = [
    { value: 'email', label: 'Email to my address', body: { channel: 'email' } },
    ...(devices.data ?? []).filter((d) => !d.disabled_at).map((d) => ({ value: `push:${d.id}`, label: `Push to ${d.name || d.platform}`, body: { channel: 'push' as const, device_id: d.id } })),
    ...(phones.data ?? []).filter((p) => p.verified).flatMap((p) => [
      { value: `sms:${p.id}`, label: `SMS to ${p.number}`, body: { channel: 'sms' as const, phone_number_id: p.id } },
      { value: `voice:${p.id}`, label: `Call ${p.number}`, body: { channel: 'voice' as const, phone_number_id: p.id } },
    ]),
    ...(telegram.data?.configured && telegram.data.state === 'linked'
      ? [{ value: 'telegram', label: `Telegram${telegram.data.username ? ` to @${telegram.data.username}` : ''}`, body: { channel: 'telegram' as const } }]
      : []),
  ];
  const chosen = options.find((o) => o.value === target) ?? options[0]!;
  return (
    <Section id="test-title" title="Test page" intro="Send yourself a page now and see what the provider answered. Test SMS and calls count toward the plan.">
      <ActionForm
        action={a}
        onSubmit={async () => {
          setResult(undefined);
          setResult(await must(api.POST('/api/me/test-page', { body: chosen.body })));
        }}
      >
        <label className="field grow">
          <span>Send to</span>
          <select value={chosen.value} onChange={(e) => setTarget(e.target.value)}>
            {options.map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
          </select>
        </label>
        <button type="submit" className="button primary" disabled={a.busy}>{a.busy ? 'Sending…' : 'Send test page'}</button>
      </ActionForm>
      {result && <TestOutcome result={result} />}
      <ErrorText error={a.error} />
    </Section>
  );
}
