// A value a state is entered with, read where xstate's types cannot follow the state: its context
// is typed for every state at once (v5 has no typestates), so a field a state's only way in
// assigns, or a guard checked, still reads as nullable there. `required` names the broken
// invariant instead of passing `undefined` on as a non-null `!` would (lint forbids `!` here).
export function required<T>(value: T | null | undefined, what: string): T {
  if (value === null || value === undefined) throw new Error(`${what} is missing`);
  return value;
}
