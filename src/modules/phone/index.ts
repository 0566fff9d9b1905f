export { createPhoneService, type PhoneService } from './phone.service.ts';
export { phoneRoutes, phoneSchemas } from './phone.routes.ts';
export * as phoneRepository from './phone.repository.ts';
export { toE164 } from './phone.ts';
export type { PhoneNumberRow } from './phone.table.ts';
export { allowedPhoneCountries, assertMayReach, assertVerifiedAccount } from './phone.gate.ts';
export { regionOf } from './phone.ts';
