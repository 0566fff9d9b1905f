import { useState } from 'react';
import { useSearch } from '@tanstack/react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api, must, type Schemas } from '../../api/client';
import { keys } from '../../api/keys';

import { isOwner } from '../../permissions';
import { ErrorText, useMe } from '../../ui';
import { useAction } from '../../use-action';

type Status = Schemas['BillingStatus'];
type PlanId = Status['plan'];
type Preview = Schemas['BillingPlanPreview'];

const money = (cents: number, currency: string) =>
  new Intl.NumberFormat('en', { style: 'currency', currency: currency.toUpperCase(), minimumFractionDigits: cents % 100 === 0 ? 0 : 2 }).format(cents / 100);
const day = (iso: string) => new Date(iso).toLocaleDateString('en', { dateStyle: 'medium' });

export function BillingPage() {
  const me = useMe();
  const { checkout } = useSearch({ from: '/app/org/billing' });
  const status = useQuery({ queryKey: keys.billingStatus(), queryFn: () => must(api.GET('/api/billing/status')) });
  const usage = useQuery({ queryKey: keys.orgUsage(), queryFn: () => must(api.GET('/api/org/usage')) });
  const s = status.data;
  return (
    <>
      <div className="page-head">
        <div>
          <h1>Billing</h1>
          <p className="muted">{isOwner(me.role) ? 'Your plan, what this period used, and changes to the plan.' : 'The plan and what this period used. Owners manage billing.'}</p>
        </div>
      </div>
      {checkout === 'success' && <p className="notice" role="status">Checkout complete. The plan changes here as soon as Stripe confirms the payment.</p>}
      {checkout === 'cancel' && <p className="notice" role="status">Checkout cancelled: nothing was charged.</p>}
      <ErrorText error={status.error ?? usage.error} />
      {s && (
        <section className="section" aria-labelledby="plan-title">
          <header><h2 id="plan-title">Plan</h2></header>
          <div className="section-body">
            {!s.billing_enabled && <p className="notice" data-testid="billing-off">{s.message ?? 'Billing is off on this server.'}</p>}
            <dl className="facts compact">
              <div><dt>Plan</dt><dd><strong>{s.plan_name}</strong></dd></div>
              <div><dt>Status</dt><dd>{s.status.replace('_', ' ')}</dd></div>
              {s.billing_enabled && <div><dt>Price</dt><dd>{money(s.price_cents, s.currency)} a month</dd></div>}
              <div><dt>Period</dt><dd>{day(s.period_start)} – {day(s.period_end)}</dd></div>
            </dl>
            {s.billing_enabled && isOwner(me.role) && s.has_subscription && <Portal />}
          </div>
        </section>
      )}
      {usage.data && (
        <section className="section" aria-labelledby="usage-title">
          <header>
            <h2 id="usage-title">Usage this period</h2>
            <p className="muted small">{day(usage.data.period_start)} – {day(usage.data.period_end)}</p>
          </header>
          <div className="section-body">
            <ul className="meters">
              <Meter label="Seats" used={usage.data.seats.used} limit={usage.data.seats.limit} />
              <Meter label="SMS messages" used={usage.data.sms.used} limit={usage.data.sms.included} />
              <Meter label="Voice minutes" used={usage.data.voice_minutes.used} limit={usage.data.voice_minutes.included} />
              <li data-testid="usage-alerts"><span className="muted small">Alerts opened</span><span className="figure">{usage.data.alerts.count.toLocaleString('en')}</span><span className="muted small">No limit</span></li>
            </ul>
          </div>
        </section>
      )}
      {s?.billing_enabled && <Plans status={s} owner={isOwner(me.role)} />}
    </>
  );
}

function Meter({ label, used, limit }: { label: string; used: number; limit: number | null }) {
  const pct = limit ? Math.min(100, Math.round((used / limit) * 100)) : 0;
  return (
    <li data-testid={`usage-${label.split(' ')[0]!.toLowerCase()}`}>
      <span className="muted small">{label}</span>
      <span className="figure">{used.toLocaleString('en')}{limit !== null && <span className="muted small"> of {limit.toLocaleString('en')}</span>}</span>
      {limit !== null ? (
        <div className={`meter${used >= limit ? ' over' : ''}`} role="meter" aria-label={`${label} used`} aria-valuemin={0} aria-valuemax={limit} aria-valuenow={Math.min(used, limit)}>
          <span style={{ width: `${pct}%` }} />
        </div>
      ) : (
        <span className="muted small">No limit</span>
      )}
    </li>
  );
}

function Plans({ status, owner }: { status: Status; owner: boolean }) {
  const qc = useQueryClient();
  const act = useAction();
  const [preview, setPreview] = useState<Preview>();
  const choose = (plan: PlanId) =>
    act.run(async () => {
      setPreview(await must(api.POST('/api/billing/plan/preview', { body: { plan } })));
    });
  const confirm = (plan: PlanId) =>
    act.run(async () => {
      if (!status.has_subscription && plan !== 'free') {
        const session = await must(api.POST('/api/billing/checkout', { body: { plan } }));
        window.location.assign(session.url);
        return 'Opening Stripe Checkout…';
      }
      const next = await must(api.POST('/api/billing/plan', { body: { plan } }));
      qc.setQueryData(keys.billingStatus(), next);
      await qc.invalidateQueries({ queryKey: keys.orgUsage() });
      setPreview(undefined);
      return `The plan is now ${next.plan_name}.`;
    });
  return (
    <section className="section" aria-labelledby="plans-title">
      <header><h2 id="plans-title">Plans</h2></header>
      <div className="section-body">
        <ul className="plan-cards">
          {status.plans.map((p) => (
            <li key={p.id} className="plan-card" data-current={p.id === status.plan}>
              <h3>{p.name}</h3>
              <span className="price">{money(p.price_cents, status.currency)}<span className="muted small"> / month</span></span>
              <ul className="small">
                <li>{p.seats} seats</li>
                <li>{p.sms.toLocaleString('en')} SMS a period</li>
                <li>{p.voice_minutes.toLocaleString('en')} voice minutes</li>
              </ul>
              {p.id === status.plan ? (
                <span className="badge ok">Current plan</span>
              ) : (
                owner && <button type="button" className="button small" onClick={() => choose(p.id)} disabled={act.busy}>Preview {p.name}</button>
              )}
            </li>
          ))}
        </ul>
        {preview && (
          <div className="notice stack" role="status" aria-live="polite">
            <p>
              Moving from <strong>{status.plans.find((p) => p.id === preview.current_plan)?.name}</strong> to <strong>{status.plans.find((p) => p.id === preview.new_plan)?.name}</strong> for the rest of this period (until {day(preview.period_end)}):
              {' '}credit {money(preview.credit_cents, preview.currency)}, charge {money(preview.charge_cents, preview.currency)},{' '}
              {preview.amount_due_cents >= 0 ? <>due now <strong>{money(preview.amount_due_cents, preview.currency)}</strong>.</> : <>a credit of <strong>{money(-preview.amount_due_cents, preview.currency)}</strong>.</>}
            </p>
            <div className="row wrap">
              <button type="button" className="button primary" disabled={act.busy} onClick={() => confirm(preview.new_plan)}>
                {!status.has_subscription && preview.new_plan !== 'free' ? 'Continue to checkout' : 'Change plan'}
              </button>
              <button type="button" className="button" onClick={() => setPreview(undefined)}>Cancel</button>
            </div>
          </div>
        )}
        {act.note && <p role="status" className="saved">{act.note}</p>}
        <ErrorText error={act.error} />
        {!owner && <p className="muted small">Only owners change the plan.</p>}
      </div>
    </section>
  );
}

function Portal() {
  const act = useAction();
  return (
    <div className="row wrap">
      <button
        type="button"
        className="button"
        disabled={act.busy}
        onClick={() => act.run(async () => {
          const session = await must(api.POST('/api/billing/portal', { body: {} }));
          window.location.assign(session.url);
        })}
      >
        Manage payment and invoices
      </button>
      <ErrorText error={act.error} />
    </div>
  );
}

