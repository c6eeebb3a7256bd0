import { PolicyErrorCode, PolicyException } from './policy.exception';

/**
 * The customer's agreement to the terms and typed full name, both required (400 naming what is
 * missing): at purchase, and when confirming what staff bought. Answers the trimmed name.
 */
export function customerSignature(agreeToTerms: unknown, signatureName: string | undefined): string {
  const signature = signatureName?.trim() ?? '';
  if (agreeToTerms !== true || !signature) {
    throw new PolicyException(PolicyErrorCode.SignatureRequired, {
      fields: { ...(agreeToTerms !== true ? { agreeToTerms: 'required' } : {}), ...(!signature ? { signatureName: 'required' } : {}) },
    });
  }
  return signature;
}
