// Single-field rules: (value) → true or the message. The form validators and the superstruct
// structs both call these, so a rule and its message live once. The account rules are in
// ./accountRules (re-exported here); this file adds the billing ones.
import { isValidPeriod } from '../billing/period';
import { isBlank, type Rule } from './accountRules';
import { isSafeDocumentUrl } from './url';
import {
  VALIDATION_MESSAGES as M,
  negativeMessage,
  notIntegerMessage,
  tooLargeMessage,
} from './messages';

export * from './accountRules';

export const periodRule: Rule = (v) =>
  isBlank(v) ? M.PERIOD_REQUIRED : isValidPeriod(v) ? true : M.PERIOD_FORMAT;

/** A count or amount: a whole number ≥ 0 and ≤ Number.MAX_SAFE_INTEGER (missing counts as wrong). */
export function nonNegativeIntegerRule(label: string, negative = negativeMessage(label)): Rule {
  return (v) => {
    if (typeof v !== 'number' || !Number.isInteger(v)) return notIntegerMessage(label);
    if (v < 0) return negative;
    return Number.isSafeInteger(v) ? true : tooLargeMessage(label);
  };
}

/** Active customers and total transactions: present, whole and > 0. */
export function positiveIntegerRule(label: string, required: string): Rule {
  return (v) => {
    if (typeof v !== 'number' || Number.isNaN(v)) return required;
    if (!Number.isInteger(v)) return notIntegerMessage(label);
    if (v <= 0) return required;
    return Number.isSafeInteger(v) ? true : tooLargeMessage(label);
  };
}

/** A document URL that must be given. */
export function requiredUrlRule(required: string, invalid: string): Rule {
  return (v) => (isBlank(v) ? required : isSafeDocumentUrl(v) ? true : invalid);
}

/** A document URL that may be empty ('' clears it). */
export function optionalUrlRule(invalid: string): Rule {
  return (v) => (v === undefined || v === '' ? true : isSafeDocumentUrl(v) ? true : invalid);
}
