/**
 * One publisher per site (a Durable Object named by the site id): publishes, rollbacks and
 * scheduled turnovers of that site run one at a time (`blockConcurrencyWhile`), and a publish a
 * failure interrupted is completed before anything else (publish.ts). Its alarm fires at each
 * scheduled record's time, to the second: the site's content version goes up, so the lists, the
 * sitemap and every cached page show the record from that moment.
 */
import { DurableObject } from 'cloudflare:workers'
import type { Capabilities, PublishProblem, RecordKey } from '../../shared/index'
import type { EditorEnv } from './env'
import { completeRevision, journal, planPublish, resumePublish, rollbackWrites } from './publish'
import { queuePurge } from './purge'

export type PublishOutcome =
  | { status: 'published'; version: string; published: RecordKey[] }
  | { status: 'refused'; problems: PublishProblem[] }
  | { status: 'nothing' }
  | { status: 'unknown-version' }

const SITE = 'siteId'
const SCHEDULE = 'schedule'
/** How soon the alarm retries a publish that storage interrupted. */
const RETRY_MS = 5_000

export class PublisherObject extends DurableObject<EditorEnv> {
  private async remember(siteId: string): Promise<void> {
    await this.ctx.storage.put(SITE, siteId)
  }

  /** Adds scheduled times and sets the alarm to the earliest still to come. */
  private async arm(times: readonly number[]): Promise<void> {
    const now = Date.now()
    const known = ((await this.ctx.storage.get<number[]>(SCHEDULE)) ?? []).filter((t) => t > now - 60_000)
    const next = [...new Set([...known, ...times])].sort((a, b) => a - b)
    await this.ctx.storage.put(SCHEDULE, next)
    const first = next[0]
    if (first !== undefined) await this.ctx.storage.setAlarm(first)
  }

  /**
   * Completes a journalled revision; when storage fails, the alarm retries in a few seconds (and
   * every call before anything else), so the publish ends published without anyone pressing again.
   */
  private async complete(siteId: string, seq: number): Promise<void> {
    try {
      await completeRevision(this.env, siteId, seq)
    } catch (error) {
      await this.ctx.storage.setAlarm(Date.now() + RETRY_MS)
      throw error
    }
  }

  async publish(input: {
    siteId: string
    by: string
    capabilities: Capabilities
    keys?: RecordKey[]
  }): Promise<PublishOutcome> {
    return this.ctx.blockConcurrencyWhile(async () => {
      await this.remember(input.siteId)
      await resumePublish(this.env, input.siteId)
      const planned = await planPublish(this.env, input.siteId, input.capabilities, input.keys)
      if (planned === null) return { status: 'nothing' }
      if (!planned.ok) return { status: 'refused', problems: planned.problems }
      const { seq, version } = await journal(this.env, input.siteId, planned.plan, input.by)
      await this.complete(input.siteId, seq)
      if (planned.plan.schedule.length > 0) await this.arm(planned.plan.schedule)
      await queuePurge(this.env, input.siteId, version)
      return { status: 'published', version, published: planned.plan.keys }
    })
  }

  async rollback(input: { siteId: string; by: string; version: string }): Promise<PublishOutcome> {
    return this.ctx.blockConcurrencyWhile(async () => {
      await this.remember(input.siteId)
      await resumePublish(this.env, input.siteId)
      const writes = await rollbackWrites(this.env, input.siteId, input.version)
      if (writes === null) return { status: 'unknown-version' }
      const { seq, version } = await journal(
        this.env,
        input.siteId,
        { keys: [], writes, drafts: [] },
        input.by,
        input.version,
      )
      await completeRevision(this.env, input.siteId, seq)
      await queuePurge(this.env, input.siteId, version)
      return { status: 'published', version, published: [] }
    })
  }

  /**
   * Turns every cached page of the site over without writing a record: a change outside KV that
   * pages show (a review hidden or shown) needs the next view to render afresh. An empty
   * revision, as a schedule's, so it is one at a time with publishes and never reuses a version.
   */
  async turnOver(input: { siteId: string; by: string }): Promise<string> {
    return this.ctx.blockConcurrencyWhile(async () => {
      await this.remember(input.siteId)
      await resumePublish(this.env, input.siteId)
      const { seq, version } = await journal(
        this.env,
        input.siteId,
        { keys: [], writes: [], drafts: [] },
        input.by,
      )
      await completeRevision(this.env, input.siteId, seq)
      await queuePurge(this.env, input.siteId, version)
      return version
    })
  }

  /** Completes an interrupted publish (the worker calls this when it finds one). */
  async resume(siteId: string): Promise<number> {
    return this.ctx.blockConcurrencyWhile(async () => {
      await this.remember(siteId)
      return resumePublish(this.env, siteId)
    })
  }

  override async alarm(): Promise<void> {
    const siteId = await this.ctx.storage.get<string>(SITE)
    if (siteId === undefined) return
    await this.ctx.blockConcurrencyWhile(async () => {
      await resumePublish(this.env, siteId)
      const now = Date.now()
      const times = (await this.ctx.storage.get<number[]>(SCHEDULE)) ?? []
      const due = times.filter((t) => t <= now)
      if (due.length > 0) {
        // The records are live already (kept off the pages until their time): the version turns the pages over.
        const { seq, version } = await journal(
          this.env,
          siteId,
          { keys: [], writes: [], drafts: [] },
          'schedule',
        )
        await completeRevision(this.env, siteId, seq)
        await queuePurge(this.env, siteId, version)
      }
      const rest = times.filter((t) => t > now)
      await this.ctx.storage.put(SCHEDULE, rest)
      if (rest[0] !== undefined) await this.ctx.storage.setAlarm(rest[0])
    })
  }
}

export function publisherOf(env: EditorEnv, siteId: string) {
  return env.PUBLISHER.get(env.PUBLISHER.idFromName(siteId))
}
