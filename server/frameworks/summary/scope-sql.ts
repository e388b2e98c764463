import type { FrameworkScope } from "../../../domain/frameworks";

/** A SQL string literal of a library constant (quotes doubled): the library is shipped data, never user input. */
export const literal = (value: string): string => `'${value.replaceAll("'", "''")}'`;

/**
 * Translates a framework's scope rule (domain/frameworks: scopeMatches is its one definition) into a SQL
 * predicate over a jsonb column of questionnaire answers. Each leaf is false when its question is unanswered,
 * null, or of another JSON type, exactly as scopeMatches reads it; the property test holds the two together.
 */
export function scopeSql(scope: FrameworkScope, details: string): string {
  if ("always" in scope) return "true";
  if ("any" in scope) return scope.any.length ? `(${scope.any.map((s) => scopeSql(s, details)).join(" or ")})` : "false";
  if ("all" in scope) return scope.all.length ? `(${scope.all.map((s) => scopeSql(s, details)).join(" and ")})` : "true";
  const member = (question: string, value: string) =>
    `coalesce(jsonb_typeof(${details}->${literal(question)}) = 'array' and ${details}->${literal(question)} @> jsonb_build_array(${literal(value)}::text), false)`;
  const equals = (question: string, value: string) => `coalesce(${details}->${literal(question)} = to_jsonb(${literal(value)}::text), false)`;
  if ("high_risk_areas_includes" in scope) return member("high_risk_areas", scope.high_risk_areas_includes);
  if ("intended_users_includes" in scope) return member("intended_users", scope.intended_users_includes);
  if ("decisions_about_people_not" in scope) {
    // scopeMatches compares with !==, so any answered value other than the named one (a string) counts.
    const answer = `${details}->${literal("decisions_about_people")}`;
    return `(coalesce(jsonb_typeof(${answer}), 'null') <> 'null' and ${answer} <> to_jsonb(${literal(scope.decisions_about_people_not)}::text))`;
  }
  if ("ai_type_is" in scope) return equals("ai_type", scope.ai_type_is);
  return `coalesce(${details}->${literal(scope.flag)} = 'true'::jsonb, false)`;
}
