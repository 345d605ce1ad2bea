/**
 * What each domain event carries: a name (the event's `type`), a version and a zod schema per version, as
 * Documenso's job definitions are written. A change writes its event at the name's current version, validated by
 * that version's schema (a payload that does not match is refused: the change's transaction fails, nothing is
 * written). A subscriber reads an event validated by the schema of the version it was written with and upgraded,
 * one version at a time, to the current one, so every event the outbox still keeps (outbox-retention.ts: 30 days)
 * stays readable after its schema moved on. A name or version nobody defines is a clear error, never a guess.
 *
 * Changing an event's payload: add a definition with the next version and an `upgrade` from the previous one; keep
 * the old definitions for OUTBOX_RETENTION_DAYS after the release that stopped writing them.
 */
import { z } from "zod";

export type EventDefinition<Schema extends z.ZodType = z.ZodType> = {
  name: string;
  version: number;
  schema: Schema;
  /** From the previous version's parsed payload to this version's input; absent on a name's first version. */
  upgrade?: (previous: unknown) => z.input<Schema>;
};

export function defineEvent<Schema extends z.ZodType>(
  name: string,
  version: number,
  schema: Schema,
  upgrade?: (previous: unknown) => z.input<Schema>,
): EventDefinition<Schema> {
  return { name, version, schema, upgrade };
}

/** A stored or proposed event that no definition accepts: its name, version and the fields at fault. */
export class DomainEventPayloadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "DomainEventPayloadError";
  }
}

const issuesOf = (error: z.ZodError) => error.issues.map((issue) => `${issue.path.join(".") || "(payload)"}: ${issue.message}`).join("; ");

/** The definitions of every name, each list in version order (1, 2, …, current). */
export type EventRegistry = Readonly<Record<string, readonly EventDefinition[]>>;

function versionsOf(registry: EventRegistry, name: string): readonly EventDefinition[] {
  const versions = registry[name];
  if (!versions?.length) throw new DomainEventPayloadError(`Unknown domain event "${name}": no definition has that name`);
  return versions;
}

export function currentVersionOf(registry: EventRegistry, name: string): EventDefinition {
  const versions = versionsOf(registry, name);
  return versions[versions.length - 1]!;
}

/** Validates a payload about to be written at the name's current version; returns what is stored. */
export function payloadToWrite(registry: EventRegistry, name: string, payload: unknown): { version: number; payload: unknown } {
  const current = currentVersionOf(registry, name);
  const parsed = current.schema.safeParse(payload);
  if (!parsed.success) throw new DomainEventPayloadError(`Domain event ${name} v${current.version} refused: ${issuesOf(parsed.error)}`);
  return { version: current.version, payload: parsed.data };
}

/** A stored payload, validated by its own version's schema and upgraded to the current version. */
export function payloadToRead(registry: EventRegistry, name: string, version: number, payload: unknown): { version: number; payload: unknown } {
  const versions = versionsOf(registry, name);
  const start = versions.findIndex((definition) => definition.version === version);
  if (start < 0) {
    const known = versions.map((definition) => definition.version).join(", ");
    throw new DomainEventPayloadError(`Domain event ${name} has no version ${version} (known: ${known})`);
  }
  let data: unknown = payload;
  for (const [index, definition] of versions.slice(start).entries()) {
    const input = index === 0 ? data : definition.upgrade ? definition.upgrade(data) : data;
    const parsed = definition.schema.safeParse(input);
    if (!parsed.success) {
      const how = index === 0 ? "stored" : `upgraded from v${version}`;
      throw new DomainEventPayloadError(`Domain event ${name} v${definition.version} (${how}) is not valid: ${issuesOf(parsed.error)}`);
    }
    data = parsed.data;
  }
  return { version: versions[versions.length - 1]!.version, payload: data };
}
