import { ProsePage } from '../../components/content/prose-page';

export default function CookiesPolicyPage() {
  // The cookie settings panel (issue 5) mounts in #cookie-settings.
  return <ProsePage namespace="cookies-policy" after={<div id="cookie-settings" />} />;
}
