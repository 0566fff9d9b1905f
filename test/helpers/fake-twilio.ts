// The Twilio fake moved to test/helpers/fakes/twilio.ts (issue 22: Messages and Calls, signed callbacks).
export { startFakeTwilio, signTwilio, type FakeTwilio, type SentSms } from './fakes/twilio.ts';
