/** The site editor's shared contract: roles, statuses, limits and the admin API's shapes. */
export type * from './api'
export * from './files'
export { EDITOR_LIMITS } from './limits'
export {
  type Capabilities,
  canEdit,
  canPublish,
  capabilitiesOf,
  NO_CAPABILITIES,
  type RecordArea,
  roleCapabilities,
} from './roles'
export * from './site-settings'
export * from './sniff'
export {
  CONTENT_STATUSES,
  type ContentStatus,
  isLiveStatus,
  nextStatuses,
  type TransitionRight,
  transitionRight,
} from './statuses'
export { epochToZonedTime, zonedTimeToEpoch } from './time'
