/**
 * Connections: the mailing-list connector and Zapier (issue 23); reached through
 * `shared/editing-areas`. platform.md sections 4, 5 and 8 verbatim where it gives the words.
 */
export const CONNECTIONS_TEXT = {
  connectionsTitle: 'Connections',
  awaitingConnection: 'Awaiting Connection',
  unableToConnect: 'Unable to connect. Please try again',
  noMailingLists: "You don't have any mailing lists. Please create one before continuing",
  listMustBeSelected: 'A List must be selected',
} as const
