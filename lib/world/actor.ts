import { backgroundFailed } from '../background.ts';
import { sha256Hex } from '../crypto.ts';
import type { Deps } from '../deps.ts';
import { ApiError } from '../errors.ts';
import { auditQuery } from '../stores/audit.ts';
import { bumpCounterQuery, COUNTERS } from '../stores/counters.ts';
import { compact } from './beliefs/compaction.ts';
import { credentialValid } from '../auth/socket-credential.ts';
import { applyExtraction, learnFrom, observedAt } from './learn/learn.ts';
import { askedPart } from './learn/asked.ts';
import { Lane } from './lane.ts';
import { liveOwner, ownerIsLive } from './live-owner.ts';
import { MAX_EXTRACTION_MS_PER_MINUTE, MAX_EXTRACTION_WRITES_PER_MINUTE, MinuteBudget } from './beliefs/quota.ts';
import { yieldToEventLoop, type StepRunner } from './learn/run-extractor.ts';
import { rateLimitedMessage, type RequestLimit } from '../request-limit.ts';
import { buildPersona } from './recall/persona.ts';
import { forgetOwner } from './beliefs/forget.ts';
import { learnedInReceipts, purgeFromReceiptsQueries } from './recall/receipts.ts';
import { learnedScope } from './beliefs/scope.ts';
import { readFrame, type Frame } from './frames.ts';
import type { WorldOp, WorldResults } from '../ports/world.ts';
import { applyCandidate, findBelief, invalidatePersonaQuery } from './beliefs/beliefs.ts';
import { editBelief, retireBelief, retractBelief } from './beliefs/belief-edits.ts';
import { CLOSE_REVOKED, type BeliefEvent, type BeliefSource, type SocketSpec, type Turn } from '../ports/beliefs.ts';

/** One open socket as the actor sees it; each runtime adapter wraps its own socket type. */
export interface SocketHandle {
  readonly spec: SocketSpec;
  /** Turns received and not yet extracted (inbound backpressure). */
  pending: number;
  nextSeq(): number;
  send(frame: Record<string, unknown>): void;
  /** Bytes queued for the peer and not yet written (outbound backpressure). */
  buffered(): number;
  close(code: number, reason: string): void;
}

/** Frames above this are dropped by the runtimes outright; text frames above 64 KiB get an error frame (frames.ts). */
export const MAX_SOCKET_FRAME_BYTES = 1024 * 1024;
/** Turns and flushes one socket may have waiting for extraction (API.md §8); more get `backpressure`. */
const MAX_PENDING_TURNS = 64;
/** Open sockets per user, all WebSocket routes together (API.md §8); the next upgrade is 429. */
export const MAX_SOCKETS_PER_USER = 8;
/** Chat extractions one owner may have waiting; past it the oldest waiting one is dropped (and counted). */
const MAX_QUEUED_CHAT_EXTRACTIONS = 16;
/** The longest rest of an extraction lane after one item (pacing, WorldActor.paced). */
const MAX_REST_MS = 50;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** A feed whose peer stops reading is closed (1013) rather than buffered without bound. */
const MAX_BUFFERED_BYTES = 8 * 1024 * 1024;

/** An error frame to the socket, for a frame that was not queued. */
function refuse(socket: SocketHandle, code: string, message: string): Promise<void> {
  socket.send({ type: 'error', code, message });
  return Promise.resolve();
}

const cpuSpent = (cpu: MinuteBudget) =>
  new ApiError(
    429,
    'backpressure',
    `this owner's extraction ran ${cpu.limit} ms this minute; this turn was not extracted, resend it in ${Math.ceil(cpu.untilNextMinute() / 1000)} s`,
  );

export const tooManySockets = () => new ApiError(429, 'too_many_sockets', `at most ${MAX_SOCKETS_PER_USER} WebSockets may be open per user; close one first`);

/**
 * The world model of one owner: every change to its beliefs runs here, one at a time, and the
 * resulting belief events go to the owner's sockets. Runtime-neutral: the Node adapter keeps one
 * per owner in process, the Durable Object holds one.
 */
export class WorldActor {
  private tail: Promise<unknown> = Promise.resolve();
  /**
   * Extraction work enters the serial queue through these lanes, one item per lane at a time, so
   * at most two extractions ever stand before an owner's other changes (a persona rebuild, an
   * admin's edit), whatever the backlog. Socket turns and flushes keep their arrival order (their
   * backlog is bounded per socket); chat exchanges past MAX_QUEUED_CHAT_EXTRACTIONS drop the oldest
   * waiting one, counted as `extractions_dropped`.
   */
  private readonly socketLane = new Lane();
  private readonly chatLane = new Lane(MAX_QUEUED_CHAT_EXTRACTIONS, () =>
    bumpCounterQuery(this.deps.db, COUNTERS.extractionsDropped)
      .execute()
      .catch((err: unknown) => backgroundFailed(this.deps.platform.log, 'extraction_drop_count', err)),
  );
  /** The owner's extraction writes this minute (quota.ts). */
  private readonly budget: MinuteBudget;
  /** The milliseconds the built-in extractor ran for the owner this minute (quota.ts). */
  private readonly cpu: MinuteBudget;
  /** Each socket's frames waiting for their turn to be counted against SERVICE_RATE_LIMIT_RPM, in arrival order. */
  private readonly inbox = new WeakMap<SocketHandle, Promise<unknown>>();
  /** Per socket, the last assistant turn it sent and its conversation: what its next user turn answers. */
  private readonly asked = new WeakMap<SocketHandle, { conversation?: string; content: string }>();

  /** `requests` counts socket frames against SERVICE_RATE_LIMIT_RPM (null: no limit); `runner` runs the built-in extractor's steps off this thread (Node). */
  constructor(
    private readonly deps: Deps,
    readonly owner: string,
    private readonly sockets: () => SocketHandle[],
    private readonly requests: RequestLimit | null = null,
    private readonly runner?: StepRunner,
  ) {
    this.budget = new MinuteBudget(deps.now, MAX_EXTRACTION_WRITES_PER_MINUTE);
    this.cpu = new MinuteBudget(deps.now, MAX_EXTRACTION_MS_PER_MINUTE);
  }

  /** Runs work after everything queued before it (FIFO); a failure does not stop the queue. */
  serial<T>(work: () => Promise<T>): Promise<T> {
    const run = this.tail.then(work);
    this.tail = run.catch(() => undefined);
    return run;
  }

  /**
   * Learns from the user's turns (learn.ts); `scope` is the scope of what is learned. Work queued
   * for an owner who has since been deleted, renamed, deactivated or forgotten, or whose credential
   * has ended, is dropped: no model call, and the writes are guarded (live-owner.ts) should the
   * owner change during the extraction. A turn that comes when the owner's extractor time this
   * minute is spent, or when the process has too many turns waiting, is skipped (`backpressure`,
   * counted as `extractions_skipped`).
   */
  extract(turns: Turn[], source: BeliefSource, origin?: SocketHandle, scope = 'universal'): Promise<BeliefEvent[]> {
    return this.serial(async () => {
      // Each turn starts on a fresh turn of the event loop: a burst never holds it.
      await yieldToEventLoop();
      if (!(await this.mayLearn(source))) return [];
      if (this.cpu.left() <= 0) throw this.skipped(cpuSpent(this.cpu));
      const found = await learnFrom(this.deps, this.owner, turns, (ms) => this.cpu.spend(ms), this.runner).catch((err) => {
        throw err instanceof ApiError && err.code === 'backpressure' ? this.skipped(err) : err;
      });
      const options = {
        observedAt: observedAt(this.deps, turns),
        guard: liveOwner(this.deps.database, this.owner, source.receivedAt),
        budget: this.budget.left(),
      };
      const events = await this.locked(() => applyExtraction(this.deps, this.owner, found, source, scope, options));
      this.budget.spend(events.length);
      this.publish(events, origin);
      return events;
    });
  }

  /**
   * Whether queued words may still be learned: the owner is live and was not forgotten since they
   * came (live-owner.ts, checked again inside the write), and the credential they came with still
   * authenticates (a revoked PAT's or ended session's queued turns are dropped).
   */
  private async mayLearn(source: BeliefSource): Promise<boolean> {
    if (!(await ownerIsLive(this.deps.database, this.owner, source.receivedAt))) return false;
    return source.credential === undefined || credentialValid(this.deps, source.credential);
  }

  /**
   * Pacing of queued extraction: it waits for the next minute while this minute's write budget is
   * spent, and after each item the lane rests as long as the item ran (up to MAX_REST_MS), so one
   * owner's backlog takes at most about half of the event loop and other requests keep theirs.
   */
  private async paced<T>(work: () => Promise<T>): Promise<T> {
    if (this.budget.left() <= 0) await sleep(this.budget.untilNextMinute());
    const started = performance.now();
    try {
      return await work();
    } finally {
      await sleep(Math.min(performance.now() - started, MAX_REST_MS));
    }
  }

  /** Extraction of a chat exchange (never awaited by the chat's response); resolves with no events when dropped or skipped. */
  extractFromChat(turns: Turn[], source: BeliefSource, scope?: string): Promise<BeliefEvent[]> {
    return this.chatLane.add(
      () =>
        this.paced(() => this.extract(turns, source, undefined, scope)).catch((err) => {
          if (err instanceof ApiError && err.code === 'backpressure') return [];
          throw err;
        }),
      [],
    );
  }

  /** A turn not extracted, counted (`extractions_skipped`); the error it is refused with. */
  private skipped(err: ApiError): ApiError {
    bumpCounterQuery(this.deps.db, COUNTERS.extractionsSkipped)
      .execute()
      .catch((e) => this.deps.platform.log({ level: 'error', event: 'counter_failed', error: String(e) }));
    return err;
  }

  change<O extends WorldOp>(op: O): Promise<WorldResults[O['op']]> {
    return this.serial(() => this.locked(() => this.apply(op))) as Promise<WorldResults[O['op']]>;
  }

  /** A write to the world model, also exclusive across processes when several share the database. */
  private locked<T>(work: () => Promise<T>): Promise<T> {
    const cluster = this.deps.database.cluster;
    return cluster ? cluster.ownerLock(this.owner, work) : work();
  }

  private async apply(op: WorldOp): Promise<WorldResults[WorldOp['op']]> {
    const { deps, owner } = this;
    switch (op.op) {
      case 'create': {
        const events = await applyCandidate(deps, owner, op.candidate, op.source, op.actor);
        this.publish(events);
        return events[0]!.belief;
      }
      case 'edit': {
        const row = await findBelief(deps.db, op.id);
        if (!row || row.owner !== owner) return null;
        const { belief, superseded } = await editBelief(deps, row, op.edit, op.actor);
        this.publish(superseded);
        return belief;
      }
      case 'retire': {
        const row = await findBelief(deps.db, op.id);
        if (!row || row.owner !== owner) return null;
        const wasActive = row.status === 'active';
        const record = await retireBelief(deps, row, op.actor);
        if (wasActive) this.publish([{ action: 'superseded', belief: record }]);
        return record;
      }
      case 'retract': {
        const row = await findBelief(deps.db, op.id);
        if (!row || row.owner !== owner) return null;
        const record = await retractBelief(deps, row, op.actor);
        this.publish([{ action: 'superseded', belief: record }]);
        return record;
      }
      case 'purge': {
        const row = await findBelief(deps.db, op.id);
        if (!row || row.owner !== owner) return false;
        const hashText = deps.platform.sha256Hex ?? sha256Hex;
        const learnedIn = await learnedInReceipts(deps.db, row.id);
        await deps.atomic([
          deps.db.deleteFrom('belief_history').where('belief_id', '=', row.id),
          ...purgeFromReceiptsQueries(deps.db, row.id, owner, learnedIn),
          deps.db.deleteFrom('beliefs').where('id', '=', row.id),
          invalidatePersonaQuery(deps.db, owner),
          // The audit outlives the purge: it proves which statement went without keeping it.
          auditQuery(
            deps.db,
            { actor: op.actor, action: 'belief.purged', target: row.id, detail: { owner, belief_id: row.id, statement_sha256: hashText(row.statement) } },
            deps.now(),
          ),
        ]);
        return true;
      }
      case 'forget':
        return forgetOwner(deps, owner, op.actor);
      case 'compact': {
        const { entry, events } = await compact(deps, owner, op.actor);
        this.publish(events);
        return entry;
      }
      case 'persona':
        return buildPersona(deps, owner);
    }
  }

  /**
   * A frame from one of the owner's sockets. Turn and flush frames count against
   * SERVICE_RATE_LIMIT_RPM like requests (API.md §8): past it they get a `rate_limited` error
   * frame and are not queued. A frame is acknowledged and queued in arrival order; the promise
   * settles when it is done.
   */
  message(socket: SocketHandle, data: string | ArrayBuffer): Promise<void> {
    // When the frame arrived, not when it was admitted: a forget fences what was sent before it.
    const at = this.deps.now().getTime();
    const limit = socket.spec.credential.kind === 'root' ? null : this.requests;
    if (!limit) return this.receive(socket, data, null, at).then((r) => r.done);
    // Counting may wait for the database (several nodes), so a socket's frames wait in line for it.
    const received = (this.inbox.get(socket) ?? Promise.resolve()).then(() => this.receive(socket, data, limit, at));
    this.inbox.set(
      socket,
      received.catch(() => undefined),
    );
    return received.then((r) => r.done);
  }

  /** One frame read, counted and admitted (synchronously when nothing is counted); `done` settles when its work is. */
  private async receive(socket: SocketHandle, data: string | ArrayBuffer, limit: RequestLimit | null, at: number): Promise<{ done: Promise<void> }> {
    const read = readFrame(data);
    if ('code' in read) return { done: refuse(socket, read.code, read.message) };
    const { frame } = read;
    if (frame.type === 'turn' && socket.spec.kind !== 'extract') {
      return { done: refuse(socket, 'read_only', 'this socket is a feed; send turns to /v1/ws/extract') };
    }
    if (limit) {
      let retryAfter: number;
      try {
        retryAfter = await limit.take(this.owner);
      } catch (err) {
        this.deps.platform.log({ level: 'error', event: 'rate_limit_failed', error: String(err) });
        return { done: refuse(socket, 'unavailable', `this ${frame.type} could not be counted against the rate limit and was not queued; resend it`) };
      }
      if (retryAfter > 0) return { done: refuse(socket, 'rate_limited', `${rateLimitedMessage(limit.rpm, retryAfter)}; this ${frame.type} was not queued`) };
    }
    return { done: this.admit(socket, frame, at) };
  }

  /** A counted frame into the socket's lane, or its refusal: too many waiting, or the owner's extraction budget spent. */
  private admit(socket: SocketHandle, frame: Frame, receivedAt: number): Promise<void> {
    // A flush waits in the same queue as turns, so it counts against the same bound.
    if (socket.pending >= MAX_PENDING_TURNS) {
      return refuse(
        socket,
        'backpressure',
        `${MAX_PENDING_TURNS} turns are already awaiting extraction on this socket; this ${frame.type} was not queued, resend it later`,
      );
    }
    if (frame.type === 'turn' && this.budget.left() <= 0) {
      return refuse(
        socket,
        'backpressure',
        `this owner's extraction made ${this.budget.limit} belief writes this minute; this turn was not queued, resend it in ${Math.ceil(this.budget.untilNextMinute() / 1000)} s`,
      );
    }
    if (frame.type === 'turn' && this.cpu.left() <= 0) {
      const err = this.skipped(cpuSpent(this.cpu));
      return refuse(socket, err.code, `${err.message}; this turn was not queued`);
    }
    socket.pending++;
    const done = () => void socket.pending--;
    if (frame.type === 'flush') {
      return this.socketLane.add(async () => socket.send({ type: 'flushed' }), undefined).finally(done);
    }
    socket.send({ type: 'ack', seq: socket.nextSeq() });
    const source: BeliefSource = { kind: 'ws', receivedAt, credential: socket.spec.credential };
    if (frame.conversation_id !== undefined) source.conversation_id = frame.conversation_id;
    const scope = learnedScope(frame.scope ?? socket.spec.scope);
    const turn: Turn = { role: frame.role, content: frame.content, at: frame.at ?? this.deps.now().toISOString() };
    // A user turn goes with the assistant turn it answers, sent just before on this socket in its conversation (learn/asked.ts askedBefore).
    const asked = this.asked.get(socket);
    if (frame.role === 'assistant') this.asked.set(socket, { conversation: frame.conversation_id, content: askedPart(frame.content) });
    else if (frame.role === 'user') this.asked.delete(socket);
    const answers = frame.role === 'user' && asked !== undefined && asked.conversation === frame.conversation_id;
    const turns: Turn[] = answers ? [{ role: 'assistant', content: asked.content }, turn] : [turn];
    return this.socketLane
      .add(() => this.paced(() => this.extract(turns, source, socket, scope)), [])
      .then(done, (err) => {
        done();
        if (err instanceof ApiError && (err.code === 'quota_exceeded' || err.code === 'backpressure')) {
          socket.send({ type: 'error', code: err.code, message: err.message });
          return;
        }
        this.deps.platform.log({ level: 'error', event: 'extraction_failed', error: String(err) });
        socket.send({ type: 'error', code: 'extraction_failed', message: 'extraction of this turn failed' });
      });
  }

  /** Closes, with 4401, every socket whose credential no longer authenticates. */
  async recheck(): Promise<void> {
    const verdicts = new Map<string, Promise<boolean>>();
    await Promise.all(
      this.sockets().map(async (s) => {
        const key = JSON.stringify(s.spec.credential);
        if (!verdicts.has(key)) verdicts.set(key, credentialValid(this.deps, s.spec.credential));
        if (!(await verdicts.get(key))) s.close(CLOSE_REVOKED, 'credential revoked');
      }),
    );
  }

  /** Sends events to the socket whose turn caused them and to every feed of the owner, here and on the other processes. */
  private publish(events: BeliefEvent[], origin?: SocketHandle): void {
    if (events.length === 0) return;
    this.deliver(events, origin);
    this.deps.database.cluster?.publish(this.owner, events);
  }

  /** Sends events to the owner's feeds in this process (and to the origin socket of a turn). */
  deliver(events: BeliefEvent[], origin?: SocketHandle): void {
    const targets = this.sockets().filter((s) => s.spec.kind === 'beliefs' || s === origin);
    for (const socket of targets) {
      if (socket.buffered() > MAX_BUFFERED_BYTES) {
        socket.close(1013, 'peer is not reading; reconnect');
        continue;
      }
      for (const e of events) socket.send({ type: 'belief', action: e.action, belief: e.belief });
    }
  }
}
