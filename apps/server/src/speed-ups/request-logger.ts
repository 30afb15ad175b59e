// A request's logger that becomes pino's child (with the request id bound) only when the request first
// writes a line. Fastify makes a child for every request; binding its id runs pino's serializers and
// redaction, about a microsecond on every request even when nothing is written (at 'warn' most
// requests write nothing). Every line written carries the same fields as Fastify's own child would give it.
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
type Bindings = Record<string, unknown>;
type ChildOptions = { level?: string; serializers?: unknown };
/** Fastify's logger here is pino's, which also answers these. */
type PinoLogger = FastifyBaseLogger & {
  isLevelEnabled(level: string): boolean;
  bindings(): Bindings;
  levels: { values: Record<string, number> };
};

class RequestLogger {
  #child: PinoLogger | undefined;
  readonly #parent: PinoLogger;
  readonly #bindings: Bindings;
  readonly #options: ChildOptions;

  constructor(parent: PinoLogger, bindings: Bindings, options: ChildOptions) {
    this.#parent = parent;
    this.#bindings = bindings;
    this.#options = options;
  }

  #real(): PinoLogger {
    this.#child ??= this.#parent.child(this.#bindings, this.#options as never) as PinoLogger;
    return this.#child;
  }

  /** pino's own check, without the child: the route's level (its `logLevel`) or the server's. */
  #enabled(level: string): boolean {
    if (this.#child) return this.#child.isLevelEnabled(level);
    const own = this.#options.level;
    if (!own) return this.#parent.isLevelEnabled(level);
    const { values } = this.#parent.levels;
    return own !== 'silent' && (values[level] ?? 0) >= (values[own] ?? Number.POSITIVE_INFINITY);
  }

  #write(level: Level, args: unknown[]): void {
    if (!this.#enabled(level)) return;
    (this.#real()[level] as (...values: unknown[]) => void)(...args);
  }

  fatal(...args: unknown[]) {
    this.#write('fatal', args);
  }
  error(...args: unknown[]) {
    this.#write('error', args);
  }
  warn(...args: unknown[]) {
    this.#write('warn', args);
  }
  info(...args: unknown[]) {
    this.#write('info', args);
  }
  debug(...args: unknown[]) {
    this.#write('debug', args);
  }
  trace(...args: unknown[]) {
    this.#write('trace', args);
  }
  silent() {}
  child(bindings: Bindings, options?: ChildOptions) {
    return this.#real().child(bindings, options as never);
  }
  isLevelEnabled(level: string) {
    return this.#enabled(level);
  }
  bindings() {
    return this.#real().bindings();
  }
  get level() {
    return this.#child?.level ?? this.#options.level ?? this.#parent.level;
  }
  set level(level: string) {
    this.#real().level = level;
  }
}

/** Fastify's `childLoggerFactory`: a route with serializers of its own gets pino's child at once. */
export function requestLoggerFactory(
  this: FastifyInstance,
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildOptions,
): FastifyBaseLogger {
  const pino = logger as PinoLogger;
  if (options.serializers || typeof pino.isLevelEnabled !== 'function' || !pino.levels)
    return logger.child(bindings, options as never);
  return new RequestLogger(pino, bindings, options) as unknown as FastifyBaseLogger;
}
