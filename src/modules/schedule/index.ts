// The schedule module (issue 20). The engine reads it through OnCallDirectory only.
export type { ChannelStep, OnCallDirectory, SchedulePlan } from './schedule.port.ts';
