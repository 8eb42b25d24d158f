// The sign-up strength meter of docs/product.md#input-rules.

export type PasswordStrengthLabel = 'Weak' | 'Fair' | 'Good' | 'Strong';
export type PasswordStrengthScore = 0 | 25 | 50 | 75 | 100;

export interface PasswordStrength {
  score: PasswordStrengthScore;
  label: PasswordStrengthLabel;
}

/** 25 points each for a lowercase letter, an uppercase letter, a digit and a length of 8 or more. */
export function passwordStrength(password: string): PasswordStrength {
  const pw = password ?? '';
  const points = [/[a-z]/.test(pw), /[A-Z]/.test(pw), /\d/.test(pw), pw.length >= 8].filter(
    Boolean,
  ).length;
  const score = (points * 25) as PasswordStrengthScore;
  const label: PasswordStrengthLabel =
    score <= 25 ? 'Weak' : score === 50 ? 'Fair' : score === 75 ? 'Good' : 'Strong';
  return { score, label };
}
