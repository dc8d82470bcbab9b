import type { OutboxMessage } from '../control-wire'
import { defineResource } from './resource'

/*
 * What the platform would have sent to people outside the portal: cart links by email or SMS and
 * invitation emails. Nothing leaves the sandbox; tests read the messages through GET /__sandbox/outbox.
 */

export type OutboxData = OutboxMessage[]

const MAX_KEPT_MESSAGES = 1_000

export function recordMessage(outbox: OutboxData, message: Omit<OutboxMessage, 'id' | 'at'>): OutboxMessage {
  const recorded: OutboxMessage = { ...message, id: crypto.randomUUID(), at: new Date().toISOString() }
  outbox.push(recorded)
  if (outbox.length > MAX_KEPT_MESSAGES) outbox.splice(0, outbox.length - MAX_KEPT_MESSAGES)
  return recorded
}

/** Newest first, optionally only those to one address or of one kind. */
export function listMessages(outbox: OutboxData, filter: { to?: string; kind?: string }): OutboxMessage[] {
  const to = filter.to?.trim().toLowerCase()
  return outbox
    .filter(
      (message) =>
        (to === undefined || message.to.toLowerCase() === to) &&
        (!filter.kind || message.kind === filter.kind),
    )
    .reverse()
}

export const outbox = defineResource({
  key: 'outbox',
  generate: (): OutboxData => [],
})
