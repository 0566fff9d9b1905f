import { canAct } from '../../permissions';
import { displayName, initialOf } from '../../format';
import { useMe } from '../../ui';
import { useSecure } from '../../components/Reauth';
import { AccountSection, PasswordSection } from './Account';
import { CalendarSection } from './Calendar';
import { DevicesSection } from './Devices';
import { PhonesSection } from './Phones';
import { NotificationRulesSection } from './NotificationRules';
import { ChannelsSection, PushSection } from './Push';
import { SessionsSection } from './Sessions';
import { SoundSection } from './Sound';
import { TelegramSection } from './Telegram';
import { TestPageSection } from './TestPage';
import { RecoverySection, TotpSection } from './TwoFactor';
import '../../styles/profile.css';

// My profile (PRODUCT.md 9; issue 24 point 3): the signed-in person's account, second factor,
// sessions, devices, phone numbers, alert sound, calendar feed, test pages, and this browser's
// Web Push subscription. What the role may not change is not shown (PRODUCT.md 2: an observer
// reads; managing one's own devices, numbers and profile starts at responder). Each section is a
// file of this folder; the page only lays them out.

export function ProfilePage() {
  const me = useMe();
  const { secure, dialog } = useSecure();
  const act = canAct(me.role);
  return (
    <article className="stack profile" aria-labelledby="profile-title">
      <header className="profile-head">
        <div className="avatar" aria-hidden="true">{initialOf(me.user)}</div>
        <div>
          <h1 id="profile-title">{displayName(me.user)}</h1>
          <p className="muted">
            {me.user.email} · {me.role} of {me.org.name}
          </p>
        </div>
      </header>
      <nav aria-label="Profile sections" className="profile-toc">
        <a href="#account">Account</a>
        <a href="#security">Sign-in security</a>
        <a href="#paging">Paging</a>
        <a href="#sessions">Sessions</a>
      </nav>
      {dialog}
      <div className="profile-grid">
        <AccountSection secure={secure} act={act} />
        <PasswordSection secure={secure} />
      </div>
      <h2 className="group-title" id="security">Sign-in security</h2>
      <div className="profile-grid">
        <TotpSection secure={secure} />
        <RecoverySection secure={secure} />
      </div>
      <h2 className="group-title" id="paging">How Klaxon pages you</h2>
      <div className="profile-grid">
        <PushSection act={act} />
        <NotificationRulesSection act={act} />
        <ChannelsSection />
        <DevicesSection act={act} />
        <PhonesSection act={act} />
        <TelegramSection act={act} />
        {act && <SoundSection />}
        {act && <TestPageSection />}
        <CalendarSection act={act} />
      </div>
      <SessionsSection />
    </article>
  );
}
