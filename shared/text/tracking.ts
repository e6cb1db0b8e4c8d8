/**
 * Messages of the tracking script and the performance collector (platform.md section 8,
 * "Tracking and collector"; section 5, "Tracking"), word for word. A visitor never sees them:
 * they are console warnings (or reports), and tracking failures are otherwise silent.
 */
export const TRACKING_TEXT = {
  httpStatus: 'Error tracking event: HTTP Status {n}',
  noPayload: 'no payload',
  dataEmpty: 'Data is empty',
  analyticsIdNotStored: 'Unable to store analyticsId',
  storageUnavailable: 'Unable access local/session storage.',
  pageLoadIdUnresolved: 'Unable to resolve pageLoadId',
  settingsTimeout: 'Metric settings request timeout',
  xhrUnexpectedStatus: 'XHR request DONE with unexpected status: {n}',
} as const
