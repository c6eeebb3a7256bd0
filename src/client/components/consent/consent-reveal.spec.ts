import vm from 'node:vm';
import { CONSENT_DUE_CLASS, consentRevealScript } from './consent-reveal';

/** Runs the script's text as a browser would, against a document with these cookies; the classes it leaves on <html>. */
function classesAfter(html: string, cookie: string): string[] {
  const script = /^<script nonce="n0nce">([\s\S]*)<\/script>$/.exec(html);
  if (!script) throw new Error(`not one nonce'd script: ${html}`);
  const classes = new Set<string>();
  const document = { cookie, documentElement: { classList: { add: (name: string) => classes.add(name) } } };
  vm.runInNewContext(script[1], { document });
  return [...classes];
}

describe(consentRevealScript.name, () => {
  it('marks the banner due when the browser holds no decision, and not when it does', () => {
    const script = consentRevealScript('n0nce', 'home', false);
    expect(classesAfter(script, '')).toEqual([CONSENT_DUE_CLASS]);
    expect(classesAfter(script, 'meterly.sid=abc; meterly_tracking_consent=false')).toEqual([CONSENT_DUE_CLASS]);
    expect(classesAfter(script, 'meterly_consent_banner=false')).toEqual([CONSENT_DUE_CLASS]);
    expect(classesAfter(script, 'a=1; meterly_consent_banner=true; meterly_tracking_consent=false')).toEqual([]);
    expect(classesAfter(script, 'meterly_consent_banner=true')).toEqual([]);
  });

  it('is not sent on the hand-off pages, nor on a page rendered for a signed-in user', () => {
    expect(consentRevealScript('n0nce', 'magic-link', false)).toBe('');
    expect(consentRevealScript('n0nce', 'app-link', false)).toBe('');
    expect(consentRevealScript('n0nce', 'profile', true)).toBe('');
    expect(consentRevealScript('n0nce', 'profile', false)).not.toBe('');
  });
});
