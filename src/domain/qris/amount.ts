// EMVCo's transaction amount (tag 54): digits, optionally a '.' and the decimals (we write two
// when there are cents, none for whole amounts), at most 13 characters. Rupiah amounts are whole.

export const MAX_AMOUNT_CHARACTERS = 13;

/** The amount as tag 54 writes it, rounded to cents; null when not positive or too long. */
export function emvAmount(amount: number): string | null {
  if (!Number.isFinite(amount) || amount <= 0) return null;
  const cents = Math.round(amount * 100);
  if (cents <= 0 || !Number.isSafeInteger(cents)) return null;
  const whole = Math.floor(cents / 100);
  const rest = cents % 100;
  const text = rest === 0 ? String(whole) : `${whole}.${String(rest).padStart(2, '0')}`;
  return text.length <= MAX_AMOUNT_CHARACTERS ? text : null;
}
