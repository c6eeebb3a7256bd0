export const MAX_EMAIL_LENGTH = 254;

export type EmailProblem = 'required' | 'tooLong' | 'invalid';

/** The browser's first check of an e-mail address (the server checks again). */
export function emailProblem(value: string): EmailProblem | undefined {
  const email = value.trim();
  if (!email) return 'required';
  if (email.length > MAX_EMAIL_LENGTH) return 'tooLong';
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/.test(email)) return 'invalid';
  return undefined;
}
