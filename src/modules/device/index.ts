export { createDeviceService, type DeviceService } from './device.service.ts';
export { deviceRoutes, deviceSchemas } from './device.routes.ts';
export * as deviceRepository from './device.repository.ts';
export type { DeviceRow } from './device.table.ts';
export type { Device, Platform, WebPushSubscription } from './device.ts';
export { parseSubscription } from './device.ts';
