import type { ThrottleRule } from '../throttle/index.ts';

/**
 * Sign-in throttling (issue 19 item 4, docs/adr/0534), pure: how long an attempt must wait given
 * the failures before it. Failures are counted per (account, source address), so an attacker's
 * failures slow down that attacker's guesses at that account and nobody else's; the delay grows
 * with every failure past a few free ones, so guessing stays slow without locking anyone out. Per
 * source address, across accounts, a much larger allowance with short delays bounds one address
 * spraying guesses over many accounts.
 */
export const SIGN_IN_THROTTLE: { pair: ThrottleRule; address: ThrottleRule } = {
  // 5 free, then 1 s, 2 s, 4 s … at most 15 minutes between guesses at one account from one address.
  pair: { windowMs: 24 * 3600_000, free: 5, firstDelayMs: 1000, maxDelayMs: 15 * 60_000 },
  // 100 free in 15 minutes from one address over all accounts, then 1 s … at most 1 minute.
  address: { windowMs: 15 * 60_000, free: 100, firstDelayMs: 1000, maxDelayMs: 60_000 },
};
