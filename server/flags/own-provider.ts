import { FlagNotFoundError, InvalidContextError, type EvaluationContext, type JsonValue, type Provider, type ResolutionDetails } from "@openfeature/server-sdk";
import { TypeMismatchError } from "@openfeature/server-sdk";
import { evaluateFlag } from "../../domain/flags/evaluate";
import type { Db } from "../db/client";
import { storedTargeting } from "./store";

/**
 * The OpenFeature provider of our own flag service, in process: evaluates from the company's stored flags with
 * the same rule the OFREP endpoints serve. The context is built on the server from the access token
 * (`companyId`, `roles`, `targetingKey` = the caller's id), so it is trusted here.
 */
export class StewardFlagProvider implements Provider {
  readonly runsOn = "server";
  readonly metadata = { name: "steward-flags" };

  constructor(private readonly db: () => Db) {}

  async resolveBooleanEvaluation(flagKey: string, _defaultValue: boolean, context: EvaluationContext): Promise<ResolutionDetails<boolean>> {
    const { companyId, targetingKey, roles } = context;
    if (typeof companyId !== "string" || typeof targetingKey !== "string") throw new InvalidContextError("companyId and targetingKey are required");
    const roleNames = Array.isArray(roles) ? roles.filter((r): r is string => typeof r === "string") : [];
    const stored = await storedTargeting(this.db(), companyId, flagKey);
    const evaluation = evaluateFlag(flagKey, stored.get(flagKey), { userId: targetingKey, roles: roleNames });
    if (!evaluation) throw new FlagNotFoundError(`Flag '${flagKey}' was not found`);
    return evaluation;
  }

  // Every flag of ours is on or off.
  resolveStringEvaluation(): Promise<ResolutionDetails<string>> {
    throw new TypeMismatchError("Steward's flags are boolean");
  }
  resolveNumberEvaluation(): Promise<ResolutionDetails<number>> {
    throw new TypeMismatchError("Steward's flags are boolean");
  }
  resolveObjectEvaluation<T extends JsonValue>(): Promise<ResolutionDetails<T>> {
    throw new TypeMismatchError("Steward's flags are boolean");
  }
}
