/**
 * The rule engine: which route a form's answers take. Pure. Routes are tried in order; a route's conditions are
 * combined by `all` or `any` (a route with none matches everything); the fallback is taken when no other matches.
 * Text comparisons ignore case and surrounding spaces, since a booker's "Sales" and "sales " mean the same.
 */
import type { TAnswer, TCheckedAnswers } from "./routing-answers";
import type { TRoutingCondition, TRoutingFormField, TRoutingRoute } from "./routing-form.schemas";

const normal = (text: string) => text.trim().toLowerCase();

/** The answer as a list of texts: one item for text and numbers, the chosen options for a multiple choice. */
const textsOf = (answer: TAnswer): string[] => (Array.isArray(answer) ? answer : [String(answer)]).map(normal);

function numberOf(answer: TAnswer): number | null {
  if (typeof answer === "number") return answer;
  if (typeof answer !== "string" || answer.trim() === "") return null;
  const parsed = Number(answer);
  return Number.isFinite(parsed) ? parsed : null;
}

/** Whether one condition holds for `answer` (undefined: unanswered, which only notEquals accepts). */
export function conditionHolds(condition: TRoutingCondition, answer: TAnswer | undefined): boolean {
  if (answer === undefined) return condition.operator === "notEquals";
  const texts = textsOf(answer);
  switch (condition.operator) {
    case "equals":
      // A multiple choice equals a value when exactly that one option was chosen.
      return texts.length === 1 && texts[0] === normal(condition.value);
    case "notEquals":
      return !(texts.length === 1 && texts[0] === normal(condition.value));
    case "contains":
      return texts.some((text) => text.includes(normal(condition.value)));
    case "anyOf": {
      const wanted = new Set(condition.values.map(normal));
      return texts.some((text) => wanted.has(text));
    }
    case "between": {
      const value = numberOf(answer);
      if (value === null) return false;
      return (condition.min === undefined || value >= condition.min) && (condition.max === undefined || value <= condition.max);
    }
  }
}

/** Whether a route's rule holds for the answers (by identifier; conditions name questions by id). */
export function routeMatches(route: TRoutingRoute, fields: readonly TRoutingFormField[], answers: TCheckedAnswers): boolean {
  if (route.conditions.length === 0) return true;
  const answerOf = (fieldId: string) => {
    const field = fields.find((candidate) => candidate.id === fieldId);
    return field ? answers[field.identifier] : undefined;
  };
  const holds = (condition: TRoutingCondition) => conditionHolds(condition, answerOf(condition.field));
  return route.combinator === "any" ? route.conditions.some(holds) : route.conditions.every(holds);
}

/** The route the answers take: the first non-fallback route that matches, else the fallback, else null. */
export function chooseRoute(routes: readonly TRoutingRoute[], fields: readonly TRoutingFormField[], answers: TCheckedAnswers): TRoutingRoute | null {
  return routes.find((route) => !route.isFallback && routeMatches(route, fields, answers)) ?? routes.find((route) => route.isFallback) ?? null;
}

/**
 * The members an attribute rule keeps: those whose attribute equals the answer (ignoring case), or, for a list
 * attribute or a multiple-choice answer, shares a value with it. Pure: the caller loads the memberships.
 */
export function membersMatchingAttribute(
  members: readonly { userId: number; attributes: unknown }[],
  attribute: string,
  answer: TAnswer | undefined,
): number[] {
  if (answer === undefined) return [];
  const wanted = new Set(textsOf(answer));
  return members
    .filter(({ attributes }) => {
      const value = attributes && typeof attributes === "object" && !Array.isArray(attributes) ? (attributes as Record<string, unknown>)[attribute] : undefined;
      const values = Array.isArray(value) ? value : value === undefined || value === null ? [] : [value];
      return values.some((item) => (typeof item === "string" || typeof item === "number") && wanted.has(normal(String(item))));
    })
    .map(({ userId }) => userId);
}
